/*
 * elzzur/_csrc/cells.c: cell_rows, a board's cells as the numbers Graph.search takes.
 *
 * The specification is elzzur/grid/solver.py's _cell_rows: each cell is keyed by its fields
 * (choices, bonus, value, place), the key looked up in the table of kinds of cell already
 * prepared for a language, rules and graph, and the rows transposed into the four tuples of
 * the search's arguments; a plain tile (one choice of letters, no bonus, value or place) by
 * its letters alone, a str whose hash is kept, as _prepare also files it. In Python that loop
 * was an eighth of a 4x4 board's find_words (a key tuple built, hashed and compared per cell);
 * here it is a few hundred instructions a cell. Anything it cannot settle (a kind of cell not
 * prepared yet, a cell of another class, cells in anything but a tuple) it leaves to the
 * Python loop, which prepares and checks it: None is returned. Graph.search reads the rows
 * themselves (elzzur_cell_row_items, its `prepared` argument), without the four tuples.
 */

#include "core.h"

/* The four fields of the key, in the key's order. */
static const char *const FIELDS[4] = {"choices", "bonus", "value", "place"};

/* Whether o is the empty str. */
static inline int
empty(PyObject *o)
{
    return PyUnicode_CheckExact(o) && PyUnicode_GET_LENGTH(o) == 0;
}

int
elzzur_cell_row_items(PyObject *cells, PyObject *prepared, PyTypeObject *type, PyObject **rows)
{
    if (!PyTuple_Check(cells)) /* a Board made with a list of cells, say */
        return 0;
    /* the class's slots, looked up again only when another class is given (the class held,
     * so that no other can take its address) */
    static PyTypeObject *known = NULL;
    static Py_ssize_t offset[4];
    if (type != known) {
        Py_ssize_t found[4];
        for (int f = 0; f < 4; f++)
            if ((found[f] = elzzur_slot_offset(type, FIELDS[f])) < 0)
                return -1;
        memcpy(offset, found, sizeof offset);
        Py_INCREF(type);
        Py_XSETREF(known, type);
    }
    Py_ssize_t n = PyTuple_GET_SIZE(cells);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cell = PyTuple_GET_ITEM(cells, i);
        if (Py_TYPE(cell) != type)
            return 0;
        PyObject *field[4];
        for (int f = 0; f < 4; f++)
            if ((field[f] = *(PyObject **)((char *)cell + offset[f])) == NULL)
                return 0; /* a slot never set: Python's loop says so */
        PyObject *row;
        if (PyTuple_CheckExact(field[0]) && PyTuple_GET_SIZE(field[0]) == 1 &&
            PyUnicode_CheckExact(PyTuple_GET_ITEM(field[0], 0)) && empty(field[1]) &&
            field[2] == Py_None && empty(field[3])) {
            /* a plain tile, most of them: by its letters alone (_prepare keeps it so too) */
            row = PyDict_GetItemWithError(prepared, PyTuple_GET_ITEM(field[0], 0));
        } else {
            PyObject *key = PyTuple_New(4);
            if (key == NULL)
                return -1;
            for (int f = 0; f < 4; f++) {
                Py_INCREF(field[f]);
                PyTuple_SET_ITEM(key, f, field[f]);
            }
            row = PyDict_GetItemWithError(prepared, key); /* borrowed */
            Py_DECREF(key);
        }
        if (row == NULL)
            return PyErr_Occurred() ? -1 : 0;
        if (!PyTuple_CheckExact(row) || PyTuple_GET_SIZE(row) != 4)
            return 0;
        rows[i] = row;
    }
    return 1;
}

PyObject *
elzzur_cell_rows(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *cells, *prepared, *cls;
    if (!PyArg_ParseTuple(args, "OO!O!:cell_rows", &cells, &PyDict_Type, &prepared,
                          &PyType_Type, &cls))
        return NULL;
    Py_ssize_t n = PyTuple_Check(cells) ? PyTuple_GET_SIZE(cells) : 0;
    PyObject **rows = PyMem_Malloc((size_t)n * sizeof(PyObject *) + 1);
    if (rows == NULL)
        return PyErr_NoMemory();
    PyObject *columns[4] = {NULL, NULL, NULL, NULL}, *result = NULL;
    int found = elzzur_cell_row_items(cells, prepared, (PyTypeObject *)cls, rows);
    if (found <= 0) {
        if (found == 0) {
            Py_INCREF(Py_None);
            result = Py_None;
        }
        goto done;
    }
    for (int f = 0; f < 4; f++)
        if ((columns[f] = PyTuple_New(n)) == NULL)
            goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        for (int f = 0; f < 4; f++) {
            PyObject *item = PyTuple_GET_ITEM(rows[i], f);
            Py_INCREF(item);
            PyTuple_SET_ITEM(columns[f], i, item);
        }
    result = PyTuple_Pack(4, columns[0], columns[1], columns[2], columns[3]);
done: /* result NULL: an exception is set */
    for (int f = 0; f < 4; f++)
        Py_XDECREF(columns[f]);
    PyMem_Free(rows);
    return result;
}
