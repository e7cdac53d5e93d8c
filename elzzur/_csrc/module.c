/*
 * elzzur/_csrc/module.c: the glue of elzzur._core. The Graph type over a word graph's buffer
 * (Graph_new checks it as WordGraph.__init__ in elzzur/lexicon/graph.py does), its method
 * table, the SearchLimit exception (elzzur.grid.search raises the same class) and the module
 * itself. The methods are elsewhere: Graph.search, the board search, in search.c;
 * Graph.scrabble_moves and scrabble_checks, Scrabble move generation, in scrabble.c. What they share is core.h.
 */

#include "core.h"

#include <structmember.h> /* T_OBJECT_EX, READONLY: the slots of a record class */

PyObject *elzzur_SearchLimit; /* the exception class, owned by the module */
PyObject *elzzur_SearchTimeout; /* its subclass for a search whose time was up */

/* --- the Graph type ------------------------------------------------------------------------ */

static PyObject *
Graph_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"buffer", NULL};
    PyObject *source;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Graph", kwlist, &source))
        return NULL;
    GraphObject *self = (GraphObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    static uint64_t graphs_made = 0; /* (the GIL is held) */
    self->serial = ++graphs_made;
    /* tp_alloc zeroed view.obj, so dealloc is safe on every early exit below. */
    if (PyObject_GetBuffer(source, &self->view, PyBUF_SIMPLE) < 0)
        goto fail;

    /* The same checks, in the same order, as WordGraph.__init__. */
    const unsigned char *data = self->view.buf;
    Py_ssize_t size = self->view.len;
    if (size < HEADER_SIZE) {
        PyErr_SetString(PyExc_ValueError, "not a word graph (too short)");
        goto fail;
    }
    uint32_t version = load32(data + 4);
    if (memcmp(data, GRAPH_MAGIC, 4) != 0 || version != GRAPH_VERSION) {
        PyErr_Format(PyExc_ValueError, "not a word graph of version %u", GRAPH_VERSION);
        goto fail;
    }
    self->n_nodes = load32(data + 8);
    self->n_edges = load32(data + 12);
    self->n_words = load32(data + 16);
    self->longest = load32(data + 20);
    uint32_t alpha_len = load32(data + 24);
    /* All terms are below 2**36, so the sum cannot wrap in 64 bits. */
    uint64_t start = HEADER_SIZE + ((uint64_t)alpha_len + 7) / 8 * 8;
    uint64_t end = start + 12 * (uint64_t)self->n_nodes + 8 * (uint64_t)self->n_edges;
    if ((uint64_t)size != end) {
        PyErr_Format(PyExc_ValueError, "word graph is %zd bytes, expected %llu", size,
                     (unsigned long long)end);
        goto fail;
    }
    /* WordGraph decodes the alphabet, so a graph it refuses for bad UTF-8 is refused here too
     * (UnicodeDecodeError is a ValueError). */
    PyObject *alphabet = PyUnicode_DecodeUTF8((const char *)data + HEADER_SIZE, alpha_len, NULL);
    if (alphabet == NULL)
        goto fail;
    self->n_letters = PyUnicode_GET_LENGTH(alphabet);
    if (self->n_letters > 63) {
        Py_DECREF(alphabet);
        PyErr_SetString(PyExc_ValueError, "a word graph has at most 63 letters");
        goto fail;
    }
    for (Py_ssize_t k = 0; k < self->n_letters; k++)
        self->alphabet[k] = PyUnicode_READ_CHAR(alphabet, k);
    Py_DECREF(alphabet);

    if (self->n_nodes == 0) { /* even an empty dictionary has its root */
        PyErr_SetString(PyExc_ValueError, "word graph has no nodes");
        goto fail;
    }
    if (self->longest > GRAPH_LONGEST) { /* the search sizes its tables by it */
        PyErr_SetString(PyExc_ValueError, "the word graph is damaged (its longest word is over 64 letters)");
        goto fail;
    }
    self->masks = data + start;
    self->first = self->masks + 8 * (size_t)self->n_nodes;
    self->targets = self->first + 4 * (size_t)self->n_nodes;
    self->ranks = self->targets + 4 * (size_t)self->n_edges;
    return (PyObject *)self;

fail:
    Py_DECREF(self);
    return NULL;
}

/* Where instances of `type` keep the field `name`: a writable object slot (__slots__), or -1
 * with a TypeError. */
Py_ssize_t
elzzur_slot_offset(PyTypeObject *type, const char *name)
{
    for (PyTypeObject *t = type; t != NULL; t = t->tp_base)
        for (PyMemberDef *m = t->tp_members; m != NULL && m->name != NULL; m++)
            if (strcmp(m->name, name) == 0) {
                if (m->type != T_OBJECT_EX || (m->flags & READONLY))
                    break;
                return m->offset;
            }
    PyErr_Format(PyExc_TypeError, "record %.100s has no slot %s", type->tp_name, name);
    return -1;
}

static void
Graph_dealloc(GraphObject *self)
{
    PyBuffer_Release(&self->view); /* a no-op when view.obj is NULL */
    elzzur_search_forget(self);
    PyMem_RawFree(self->walk);
    if (self->words != NULL) {
        for (uint32_t k = 0; k < self->n_words; k++)
            Py_XDECREF(self->words[k]);
        PyMem_Free(self->words);
    }
    for (int k = 0; k < 2; k++) {
        elzzur_paths_forget(&self->paths[k]);
        PyMem_Free(self->paths[k].slots);
    }
    PyMem_Free(self->other_ranks);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Graph_get_n_words(GraphObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLong(self->n_words);
}

static PyObject *
Graph_get_longest(GraphObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLong(self->longest);
}

/* --- the module ------------------------------------------------------------------------- */

PyDoc_STRVAR(Graph_search_doc,
"search($self, cells, points, factors, flags, neighbours, bonus, min_length, revisit=False,\n"
"       limit=0, scale=None, divisor=1, prepared=None, labels=None, record=None,\n"
"       band=None, by_score=False, render=None, pad=False, top=-1, seconds=0)\n"
"--\n\n"
"Every word on the board: [(word, score, path), ...] sorted by rank, exactly as\n"
"elzzur.grid.search.search(graph, ...) returns it (see there for the arguments).\n"
"prepared=(table, cls): cells are the board's cls instances, each looked up in the table\n"
"as cell_rows() does, points, factors and flags unread; None if one is not there.\n"
"The result built in C (elzzur.grid.solver.shape_rows is its specification): labels, a\n"
"sequence of one object per cell, makes paths of labels[cell]; record, a class with slots\n"
"word, score, path and band, makes instances of it (filled in without calling __init__)\n"
"whose band is None, band(word) for a callable, or the 2-bit band of the word's rank in a\n"
"bytes-like band; by_score sorts by score, highest first, then rank.\n"
"Raises SearchLimit after more than `limit` graph steps (limit != 0), SearchTimeout (a\n"
"SearchLimit) once `seconds` of wall-clock time have passed (seconds > 0; the clock is\n"
"read every 65,536 steps), OverflowError if a\n"
"score does not fit in 64 bits, ValueError or TypeError for malformed arguments.");

PyDoc_STRVAR(Graph_scrabble_moves_doc,
"scrabble_moves($self, n, board, letter_mul, word_mul, centre_row, centre_col, rack, blanks,\n"
"               values, every, rack_size, bingo, apart, upper, lower, top, tiles, new_squares,\n"
"               blank_squares, board_squares, leaves=None, strides=None)\n"
"--\n\n"
"The moves of an n x n Scrabble board, best first (the first `top`, every one if top < 0),\n"
"as generate_moves() in elzzur.scrabble.movegen finds them: [(row, col, down, placed,\n"
"squares, score, word, used, equity), ...]. The arguments are bytes and the objects moves\n"
"are made of (see core_moves there); with leaves (int64 values in tenths of a point, by the\n"
"tiles used) and strides (65 int64: each letter's, then the blank's) best first by equity,\n"
"10 x score + the leave's value, else equity 0. ValueError if an argument is malformed or\n"
"the graph corrupt, OverflowError if an equity does not fit in 64 bits.");

PyDoc_STRVAR(Graph_scrabble_checks_doc,
"scrabble_checks($self, n, board, centre_row, centre_col, values, every, apart)\n"
"--\n\n"
"The cross-checks and anchors scrabble_moves() computes for the across moves of a board,\n"
"as bytes: (allowed letters, u64 a square; cross-word points, i64, -1 where none; anchors,\n"
"one byte a square). For the tests, against elzzur.scrabble.movegen.cross_checks.");

static PyMethodDef Graph_methods[] = {
    {"search", (PyCFunction)(void (*)(void))elzzur_Graph_search, METH_VARARGS | METH_KEYWORDS,
     Graph_search_doc},
    {"scrabble_moves", (PyCFunction)elzzur_Graph_scrabble_moves, METH_VARARGS,
     Graph_scrabble_moves_doc},
    {"scrabble_checks", (PyCFunction)elzzur_Graph_scrabble_checks, METH_VARARGS,
     Graph_scrabble_checks_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Graph_getset[] = {
    {"n_words", (getter)Graph_get_n_words, NULL, "number of words in the graph", NULL},
    {"longest", (getter)Graph_get_longest, NULL, "letters in the longest word", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(Graph_doc,
"Graph(buffer)\n"
"--\n\n"
"A word graph (the format of elzzur.lexicon.graph) over any buffer: bytes, or an mmap of\n"
"a .dawg file. The buffer is held, not copied, for the Graph's lifetime. ValueError if it\n"
"is not a well-formed word graph of version 1.");

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "elzzur._core.Graph",
    .tp_basicsize = sizeof(GraphObject),
    .tp_dealloc = (destructor)Graph_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Graph_doc,
    .tp_methods = Graph_methods,
    .tp_getset = Graph_getset,
    .tp_new = Graph_new,
};

PyDoc_STRVAR(rack_leaves_doc,
"rack_leaves(labels, counts)\n"
"--\n\n"
"Every sub-multiset of a rack, kept: the rack's tiles as show_leave writes them (labels,\n"
"blanks last) and how many of each (bytes, 1 to 255), to a list of str in the order of\n"
"elzzur.scrabble.movegen.LeaveTable's index (elzzur.scrabble.equity.RackLeaves in C).\n"
"ValueError for malformed arguments or more than 2**16 leaves.");

PyDoc_STRVAR(cell_rows_doc,
"cell_rows(cells, prepared, cls)\n"
"--\n\n"
"A board's cells (cls instances in a tuple) as the four tuples (numbers, points, factors,\n"
"flags) of Graph.search's arguments, each cell's row looked up in prepared by the key\n"
"(cell.choices, cell.bonus, cell.value, cell.place), a plain tile's (one choice, no bonus,\n"
"value or place) by its letters; None if cells is not a tuple, a cell not a cls, or a key\n"
"not in prepared (elzzur.grid.solver._cell_rows, the specification, prepares it).");

static PyMethodDef core_functions[] = {
    {"cell_rows", (PyCFunction)elzzur_cell_rows, METH_VARARGS, cell_rows_doc},
    {"rack_leaves", (PyCFunction)elzzur_rack_leaves, METH_VARARGS, rack_leaves_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "elzzur._core",
    .m_doc = "The C core of elzzur: the board search of elzzur.grid.search and the Scrabble\n"
             "move generation of elzzur.scrabble.movegen, over a word graph.",
    .m_size = -1,
    .m_methods = core_functions,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    if (PyType_Ready(&GraphType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (module == NULL)
        return NULL;
    if (elzzur_SearchLimit == NULL) {
        elzzur_SearchLimit = PyErr_NewExceptionWithDoc(
            "elzzur._core.SearchLimit", "The search took more steps than allowed.",
            PyExc_Exception, NULL);
        if (elzzur_SearchLimit == NULL)
            goto fail;
    }
    Py_INCREF(elzzur_SearchLimit);
    if (PyModule_AddObject(module, "SearchLimit", elzzur_SearchLimit) < 0) {
        Py_DECREF(elzzur_SearchLimit);
        goto fail;
    }
    if (elzzur_SearchTimeout == NULL) {
        elzzur_SearchTimeout = PyErr_NewExceptionWithDoc(
            "elzzur._core.SearchTimeout", "The search took more time than allowed.",
            elzzur_SearchLimit, NULL);
        if (elzzur_SearchTimeout == NULL)
            goto fail;
    }
    Py_INCREF(elzzur_SearchTimeout);
    if (PyModule_AddObject(module, "SearchTimeout", elzzur_SearchTimeout) < 0) {
        Py_DECREF(elzzur_SearchTimeout);
        goto fail;
    }
    Py_INCREF(&GraphType);
    if (PyModule_AddObject(module, "Graph", (PyObject *)&GraphType) < 0) {
        Py_DECREF(&GraphType);
        goto fail;
    }
    return module;
fail:
    Py_DECREF(module);
    return NULL;
}
