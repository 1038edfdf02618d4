/* crashext.c - a Python extension module whose function crashes:
 * crashext.crash() reads through a NULL pointer inside a callback the
 * module calls, under the interpreter's frames. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

__attribute__((noinline)) static long read_slot(const long *table, int i)
{
	return table[i];
}

__attribute__((noinline)) static long lookup(PyObject *arg)
{
	const long *table = arg == Py_None ? NULL : (const long *)arg;

	return read_slot(table, 3);
}

static PyObject *crash(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	return PyLong_FromLong(lookup(Py_None));
}

static PyMethodDef methods[] = {
	{ "crash", crash, METH_NOARGS, "crash in C" },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = { PyModuleDef_HEAD_INIT, "crashext", NULL,
	                             -1, methods };

PyMODINIT_FUNC PyInit_crashext(void)
{
	return PyModule_Create(&module);
}
