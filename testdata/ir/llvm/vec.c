/* irdiff's LLVM IR test input: a helper the inliner inlines (and deletes),
 * a loop the loop vectorizer widens. */
static int sq(int x)
{
	return x * x;
}

int sum_sq(int a, int b)
{
	return sq(a) + sq(b);
}

void saxpy(float *restrict y, const float *restrict x, float a, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}
