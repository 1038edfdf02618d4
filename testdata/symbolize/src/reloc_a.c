int fprintf(void *, const char *, ...);
extern void *stderr;
void abort(void);
struct pt { int x, y; };
static inline int sq(int v) { return v * v; }
static inline int dist2(const struct pt *a, const struct pt *b)
{
	return sq(a->x - b->x) + sq(a->y - b->y);
}
int nearest(const struct pt *v, int n, const struct pt *q)
{
	int best = -1, bd = 0;
	for (int i = 0; i < n; i++) {
		int d = dist2(&v[i], q);
		if (best < 0 || d < bd) {
			best = i;
			bd = d;
		}
	}
	return best;
}
__attribute__((cold, noinline)) void fail(const char *m)
{
	fprintf(stderr, "%s\n", m);
	abort();
}
int checked(int x)
{
	if (x < 0)
		fail("negative");
	return sq(x) + 1;
}
static int counter;
int bump(void) { return ++counter; }
