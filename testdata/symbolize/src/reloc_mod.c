#define __init __attribute__((section(".init.text"), cold, noinline))
#define __exit __attribute__((section(".exit.text"), cold, noinline))
static const char license[] __attribute__((section(".modinfo"), used)) = "license=GPL";
struct dev { int id, users; const char *name; };
static struct dev devs[4];
static inline int valid(const struct dev *d) { return d->id > 0 && d->users >= 0; }
int dev_open(int i)
{
	struct dev *d = &devs[i & 3];
	if (!valid(d))
		return -1;
	return ++d->users;
}
int dev_close(int i)
{
	struct dev *d = &devs[i & 3];
	if (valid(d) && d->users > 0)
		d->users--;
	return d->users;
}
int __init mod_init(void)
{
	for (int i = 0; i < 4; i++) { devs[i].id = i + 1; devs[i].name = "dev"; }
	return 0;
}
void __exit mod_exit(void)
{
	for (int i = 0; i < 4; i++)
		devs[i].id = 0;
}
