/*
 * elzzur/_csrc/search.c: Graph.search, the board search of elzzur/grid/search.py in C.
 *
 * The specification is elzzur/grid/search.py (the search) and elzzur/lexicon/graph.py (the word
 * graph format); this file must give exactly the answers of its search(), only faster.
 * Anything that changes there changes here. Its counterparts:
 *   elzzur_Graph_search   search(): the arguments, the three phases below, the errors;
 *   convert, convert_alternatives, read_neighbours, read_bonus, to_int64, to_clamped
 *                         what search() reads from its arguments as it goes, read once; the
 *                         tests of visit() and enter() that never change during a search (the
 *                         cell itself, START_ONLY, an alternative without letters) are settled
 *                         in advance in each cell's list of moves;
 *   walk_board, walk      the loop over start cells, and visit() with enter() and walk()
 *                         (the letters, the step limit) inside it, as one recursive function;
 *   record                the update of `best` in enter();
 *   sort_entries, spell, result_list
 *                         the final sorted(best.items()); a word is spelt from its cells'
 *                         letters as search() does, or from its rank where a cell has two
 *                         readings (search() keeps the letters of the path instead).
 *
 * A call works in three phases:
 *   1. convert the Python arguments once into flat C arrays (validating everything, so the
 *      search itself cannot index out of bounds whatever the caller passed);
 *   2. walk the board depth first without the GIL, recursing at most max_length + 1 (65)
 *      levels deep: every level adds a letter, and a path longer than the graph's longest
 *      word is refused as corruption, so neither a revisit search nor a corrupt graph can
 *      overflow the C stack;
 *   3. turn the table of best paths into the Python list.
 * The call's arrays (a Search) are taken from the graph and given back to it at the end
 * (take_search, give_back), so that the next board reuses them; the graph also remembers the
 * last neighbours and bonus it was given as tuples of ints (boards of one shape pass the same
 * ones), so that they are read and checked once. Everything else is freed before it returns.
 */

#include "core.h"

#ifdef _WIN32
#include <windows.h> /* GetTickCount64: the deadline's clock */
#else
#include <time.h> /* clock_gettime: the deadline's clock */
#endif

/* The moves walk_v2 tests at once (chunk_hits: bytes of an SSE register); walk_plain tests up
 * to 64 (the bits of a uint64_t). */
#define HIT_CHUNK_V2 16

/* Cell flags (elzzur/grid/search.py). */
#define START_ONLY 1
#define END_ONLY 2

/* --- one search: its state --------------------------------------------------------------- */

/* One alternative of a cell, with its letters in Search.letters. */
typedef struct {
    size_t letters;   /* offset in Search.letters */
    uint32_t length;  /* number of letters, at least 1: empty alternatives are dropped */
    int64_t points;
} Alt;

/* One way to go on from a cell: to a neighbour by one of its alternatives. The neighbour loop
 * and the alternative loop of search.py become one list per cell, in their order. */
typedef struct {
    uint64_t bit;     /* 1 << the alternative's first letter: most moves fail on it alone */
    int32_t cell;
    int32_t alt;      /* index in Search.alts */
} Move;

/* The best score of one word and where its path is kept. */
typedef struct {
    uint64_t key;     /* rank + 1, so that 0 marks an empty slot */
    int64_t score;
    size_t path;      /* offset in Search.arena */
    size_t length;    /* cells in the path */
} Entry;

/* Why the walk stopped early; turned into an exception once the GIL is held again. */
enum { DONE = 0, ERR_MEMORY, ERR_LIMIT, ERR_OVERFLOW, ERR_CORRUPT };

typedef struct Search {
    /* --- what one search sets afresh (take_search zeroes it all: offsetof(Search, kept)) --- */
    /* the graph */
    const unsigned char *masks, *first, *targets, *ranks;
    WalkEdge *edges;        /* the graph's records for the walk (reach()) */
    uint32_t n_nodes, n_edges;
    uint32_t max_length;    /* no path of a consistent graph spells more letters */

    /* the board: how much of each buffer below it fills */
    Py_ssize_t n_cells;
    size_t n_alts, n_letters, n_moves;
    int64_t *scale;         /* scale_buf if the search has a length multiplier, else NULL */
    int64_t divisor;        /* of the length multiplier, >= 1 */
    long long min_length;
    int revisit;
    uint64_t limit;         /* UINT64_MAX: none */
    double seconds;         /* the wall-clock time allowed, > 0; 0: none */
    int timed_out;          /* the walk stopped because its time was up */
    uint64_t steps;

    /* the words found, one entry each in the order found, their paths in an arena; the
     * open-addressing table by rank holds an entry's index + 1 (0: an empty slot), so that
     * what is zeroed and moved as it grows is 4 bytes a slot, and the entries need no
     * compacting at the end */
    size_t n_entries, arena_len;
    size_t table_size;      /* 2**table_bits slots of table[] in use, at most half full */
    unsigned table_bits;

    /* --- the buffers, with their capacities: kept from one search of a graph to the next
     * (GraphObject.spare), as a search of a 4x4 board made and freed some twenty of them */
    size_t kept;
    size_t cells_cap;       /* of each per-cell array below: cells + 1 entries (cell_arrays) */
    size_t *alt_first;      /* cell i's alternatives are alts[alt_first[i]:alt_first[i+1]] */
    size_t *move_first;     /* cell i's moves are moves[move_first[i]:move_first[i+1]] */
    size_t *nb_first;       /* cell i's neighbours are nb_list[nb_first[i]:nb_first[i+1]] */
    int64_t *factors;
    int64_t *flags;
    uint64_t *onward;       /* the first letters of cell i's moves; 0 if END_ONLY: see walk() */
    int32_t *spelt;         /* per cell, for the result: see spelling() */
    unsigned char *end_only;
    unsigned char *used;
    unsigned char *letter;  /* per cell, its one letter, or NO_LETTER: see spelling() */
    int32_t *nb_list;       /* the neighbours read from the arguments (not those a graph keeps) */
    size_t nb_cap;
    Alt *alts;
    size_t alts_cap;
    unsigned char *letters;
    size_t letters_cap;
    Move *moves;            /* each cell's moves, then the start moves (every alternative) */
    size_t moves_cap;
    unsigned char *tests;   /* each move as chunk_hits() tests it, in four rows tests_stride
                               bytes apart (16 zeros after each): its first letter's byte in
                               a node's mask (letter / 8) and bit in that byte; its cell's byte
                               in the cells used (cell / 8, below 16 where walk_v2 runs) and
                               bit in that byte */
    size_t tests_cap, tests_stride;
    size_t lengths_cap;     /* of the three below: max_length + 1 entries */
    int64_t *bonus;
    int64_t *scale_buf;
    int32_t *path;          /* path[d] is the d-th cell of the path being walked */
    uint32_t *table;        /* table_cap slots, the first table_size in use */
    size_t table_cap;
    Entry *entries;
    size_t entries_cap;
    Entry *sorted;          /* room for the entries in order (radix_sort) */
    size_t sorted_cap;
    int32_t *arena;
    size_t arena_cap;
} Search;

/* A graph keeps a finished search's buffers for its next search only if they hold at most
 * this much: one huge board does not pin its memory for the graph's lifetime. */
#define SPARE_MAX ((size_t)1 << 20)

/* Grow *array (of *cap items of size item) to hold at least need items. The raw allocator,
 * because the walk runs without the GIL. */
static int
reserve(void **array, size_t *cap, size_t need, size_t item)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 16;
    while (n < need) {
        if (n > SIZE_MAX / 2 / item)
            return -1;
        n *= 2;
    }
    void *grown = PyMem_RawRealloc(*array, n * item);
    if (grown == NULL)
        return -1;
    *array = grown;
    *cap = n;
    return 0;
}

/* s->table's first `size` slots, all empty: the kept table zeroed if it has the room (only
 * those slots: it may be larger), else a new one. 0, or -1 (the old table kept) without
 * memory. The raw allocator: record() grows the table without the GIL. */
static int
empty_table(Search *s, size_t size)
{
    if (size <= s->table_cap) {
        memset(s->table, 0, size * sizeof(uint32_t));
        return 0;
    }
    uint32_t *table = PyMem_RawCalloc(size, sizeof(uint32_t));
    if (table == NULL)
        return -1;
    PyMem_RawFree(s->table);
    s->table = table;
    s->table_cap = size;
    return 0;
}

/* Make *array room for need items of size item, its contents dropped (every per-search array
 * is written before it is read): 0, or -1 with *array freed. */
static int
room(void **array, size_t need, size_t item)
{
    PyMem_RawFree(*array);
    *array = need <= SIZE_MAX / item ? PyMem_RawMalloc(need * item) : NULL;
    return *array == NULL ? -1 : 0;
}

/* The per-cell arrays for n cells (n + 1 entries each): 0, or -1 with MemoryError. */
static int
cell_arrays(Search *s, size_t n)
{
    if (n + 1 <= s->cells_cap)
        return 0;
    size_t cap = n + 1 < 64 ? 64 : n + 1;
    s->cells_cap = 0;
    if (room((void **)&s->alt_first, cap, sizeof(size_t)) < 0 ||
        room((void **)&s->move_first, cap, sizeof(size_t)) < 0 ||
        room((void **)&s->nb_first, cap, sizeof(size_t)) < 0 ||
        room((void **)&s->factors, cap, sizeof(int64_t)) < 0 ||
        room((void **)&s->flags, cap, sizeof(int64_t)) < 0 ||
        room((void **)&s->onward, cap, sizeof(uint64_t)) < 0 ||
        room((void **)&s->spelt, cap, sizeof(int32_t)) < 0 ||
        room((void **)&s->end_only, cap, 1) < 0 || room((void **)&s->used, cap, 1) < 0 ||
        room((void **)&s->letter, cap, 1) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    s->cells_cap = cap;
    return 0;
}

/* What s holds, in bytes (give_back). */
static size_t
search_bytes(const Search *s)
{
    return sizeof *s + s->cells_cap * (4 * sizeof(size_t) + 3 * 8 + 4 + 3) +
           s->nb_cap * sizeof(int32_t) + s->alts_cap * sizeof(Alt) + s->letters_cap +
           s->moves_cap * sizeof(Move) + s->tests_cap + s->lengths_cap * 20 +
           s->table_cap * sizeof(uint32_t) +
           (s->entries_cap + s->sorted_cap) * sizeof(Entry) + s->arena_cap * sizeof(int32_t);
}

static void
search_free(Search *s)
{
    if (s == NULL)
        return;
    PyMem_RawFree(s->alt_first);
    PyMem_RawFree(s->move_first);
    PyMem_RawFree(s->nb_first);
    PyMem_RawFree(s->factors);
    PyMem_RawFree(s->flags);
    PyMem_RawFree(s->onward);
    PyMem_RawFree(s->spelt);
    PyMem_RawFree(s->end_only);
    PyMem_RawFree(s->used);
    PyMem_RawFree(s->letter);
    PyMem_RawFree(s->nb_list);
    PyMem_RawFree(s->alts);
    PyMem_RawFree(s->letters);
    PyMem_RawFree(s->moves);
    PyMem_RawFree(s->tests);
    PyMem_RawFree(s->bonus);
    PyMem_RawFree(s->scale_buf);
    PyMem_RawFree(s->path);
    PyMem_RawFree(s->table);
    PyMem_RawFree(s->entries);
    PyMem_RawFree(s->sorted);
    PyMem_RawFree(s->arena);
    PyMem_RawFree(s);
}

/* A search's state for graph g: the buffers its last search gave back, or new ones (none
 * kept, or another thread's search has them now: the walk runs without the GIL). Called with
 * the GIL held, as give_back is. NULL with MemoryError. */
static Search *
take_search(GraphObject *g)
{
    Search *s = g->spare;
    g->spare = NULL;
    if (s == NULL) {
        s = PyMem_RawCalloc(1, sizeof *s);
        if (s == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    memset(s, 0, offsetof(Search, kept));
    return s;
}

/* The end of a search: its buffers kept by the graph for the next one, unless it keeps
 * another search's already or they grew past SPARE_MAX. */
static void
give_back(GraphObject *g, Search *s)
{
    if (s != NULL && g->spare == NULL && search_bytes(s) <= SPARE_MAX)
        g->spare = s;
    else
        search_free(s);
}

/* The graph's memory of its searches (Graph_dealloc): the spare buffers, and the neighbours
 * and bonus it remembers (convert). */
static void handed_drop(struct Handed *h);

void
elzzur_search_forget(GraphObject *g)
{
    for (int kind = 0; kind < 2; kind++)
        for (int age = 0; age < 2; age++)
            handed_drop(&g->handed[kind][age]);
    search_free(g->spare);
    g->spare = NULL;
    Py_CLEAR(g->nb_obj);
    PyMem_RawFree(g->nb_first);
    PyMem_RawFree(g->nb_list);
    g->nb_first = NULL;
    g->nb_list = NULL;
    Py_CLEAR(g->bonus_obj);
    PyMem_RawFree(g->bonus_values);
    g->bonus_values = NULL;
}

/* --- phase 1: the arguments as C arrays ---------------------------------------------------- */

/* An int argument as int64: TypeError for anything that is not an integer, OverflowError for
 * one that does not fit (scores are computed in int64 anyway). */
static int
to_int64(PyObject *o, int64_t *out)
{
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* An int argument that is only compared against, clamped instead of refused when huge:
 * search.py compares Python ints, so min_length=10**30 is legal there (and finds nothing). */
static int
to_clamped(PyObject *o, const char *name, long long *out)
{
    PyObject *index = PyNumber_Index(o);
    if (index == NULL) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = overflow > 0 ? LLONG_MAX : overflow < 0 ? LLONG_MIN : v;
    return 0;
}

/* Move k: to `cell` by its alternative `alt`, whose first letter is `letter` (< 63), with its
 * tests. Returns the move's bit. */
static inline uint64_t
set_move(Search *s, size_t k, int32_t cell, size_t alt, unsigned char letter)
{
    Move *m = &s->moves[k];
    m->bit = UINT64_C(1) << letter;
    m->cell = cell;
    m->alt = (int32_t)alt;
    s->tests[k] = (unsigned char)(letter >> 3);
    s->tests[s->tests_stride + k] = (unsigned char)(1u << (letter & 7));
    s->tests[2 * s->tests_stride + k] = (unsigned char)(cell >> 3);
    s->tests[3 * s->tests_stride + k] = (unsigned char)(1u << (cell & 7));
    return m->bit;
}

/* cells[i] and points[i]: append the cell's alternatives to s->alts. */
static int
convert_alternatives(Search *s, Py_ssize_t i, PyObject *cell, PyObject *cell_points)
{
    PyObject *alts = PySequence_Fast(cell, "cells[i] must be a sequence of alternatives");
    if (alts == NULL)
        return -1;
    PyObject *pts = PySequence_Fast(cell_points, "points[i] must be a sequence of ints");
    if (pts == NULL) {
        Py_DECREF(alts);
        return -1;
    }
    int result = -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(alts);
    if (PySequence_Fast_GET_SIZE(pts) != n) {
        PyErr_Format(PyExc_ValueError, "points[%zd] has %zd entries for %zd alternatives", i,
                     PySequence_Fast_GET_SIZE(pts), n);
        goto done;
    }
    for (Py_ssize_t a = 0; a < n; a++) {
        int64_t points;
        if (to_int64(PySequence_Fast_GET_ITEM(pts, a), &points) < 0)
            goto done;
        /* bytes is what callers pass; any other bytes-like object goes through the buffer
         * protocol (view.obj stays NULL for bytes, which makes the release a no-op). */
        PyObject *item = PySequence_Fast_GET_ITEM(alts, a);
        Py_buffer view;
        view.obj = NULL;
        const unsigned char *letters;
        size_t length;
        if (PyBytes_Check(item)) {
            letters = (const unsigned char *)PyBytes_AS_STRING(item);
            length = (size_t)PyBytes_GET_SIZE(item);
        } else if (PyObject_GetBuffer(item, &view, PyBUF_SIMPLE) == 0) {
            letters = view.buf;
            length = (size_t)view.len;
        } else {
            PyErr_Format(PyExc_TypeError, "cells[%zd][%zd] must be bytes of letter numbers, "
                         "not %.100s", i, a, Py_TYPE(item)->tp_name);
            goto done;
        }
        int ok = 1;
        for (size_t k = 0; k < length && ok; k++)
            if (letters[k] >= MAX_LETTERS) {
                /* Letter 63 would test the TERMINAL bit as if it were a child. */
                PyErr_Format(PyExc_ValueError, "cells[%zd][%zd] has letter %d (at most %d)", i,
                             a, letters[k], MAX_LETTERS - 1);
                ok = 0;
            }
        if (ok && (length > UINT32_MAX || s->n_alts >= INT32_MAX)) {
            PyErr_SetString(PyExc_ValueError, "board too large");
            ok = 0;
        }
        /* A hole (no letters) is skipped by search.py without counting a step: drop it, its
         * points with it. */
        if (ok && length > 0) {
            if (reserve((void **)&s->alts, &s->alts_cap, s->n_alts + 1, sizeof(Alt)) < 0 ||
                reserve((void **)&s->letters, &s->letters_cap, s->n_letters + length, 1) < 0) {
                PyErr_NoMemory();
                ok = 0;
            } else {
                memcpy(s->letters + s->n_letters, letters, length);
                s->alts[s->n_alts].letters = s->n_letters;
                s->alts[s->n_alts].length = (uint32_t)length;
                s->alts[s->n_alts].points = points;
                s->n_alts++;
                s->n_letters += length;
            }
        }
        PyBuffer_Release(&view);
        if (!ok)
            goto done;
    }
    result = 0;
done:
    Py_DECREF(alts);
    Py_DECREF(pts);
    return result;
}

/* neighbours[i] for every cell, as flat arrays into s (nb_first, nb_list), checked: each a
 * sequence of cell numbers in range(n). *exact: whether neighbours (a fast sequence, nb) is a
 * tuple of tuples of ints, which cannot change: then the graph may remember it. */
static int
read_neighbours(Search *s, PyObject *neighbours, PyObject *nb, Py_ssize_t n, int *exact)
{
    *exact = PyTuple_CheckExact(neighbours);
    size_t count = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        s->nb_first[i] = count;
        PyObject *item = PySequence_Fast_GET_ITEM(nb, i);
        *exact &= PyTuple_CheckExact(item);
        PyObject *list = PySequence_Fast(item, "neighbours[i] must be a sequence of cell indices");
        if (list == NULL)
            return -1;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(list);
        if (reserve((void **)&s->nb_list, &s->nb_cap, count + (size_t)m, sizeof(int32_t)) < 0) {
            Py_DECREF(list);
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t k = 0; k < m; k++) {
            PyObject *number = PySequence_Fast_GET_ITEM(list, k);
            *exact &= PyLong_CheckExact(number);
            Py_ssize_t j = PyNumber_AsSsize_t(number, PyExc_OverflowError);
            if (j == -1 && PyErr_Occurred()) {
                if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
                    Py_DECREF(list);
                    return -1;
                }
                PyErr_Clear(); /* a huge index: reported as out of range just below */
            }
            if (j < 0 || j >= n) {
                PyErr_Format(PyExc_ValueError, "neighbours[%zd] has a cell out of range", i);
                Py_DECREF(list);
                return -1;
            }
            s->nb_list[count++] = (int32_t)j;
        }
        Py_DECREF(list);
    }
    s->nb_first[n] = count;
    return 0;
}

/* Let graph g remember the neighbours s has just read (a tuple of tuples of ints: the same
 * object is the same numbers) in place of what it remembered. Without memory for the copy it
 * remembers nothing, which costs only time. */
static void
remember_neighbours(GraphObject *g, const Search *s, PyObject *neighbours)
{
    size_t n = (size_t)s->n_cells, count = s->nb_first[n];
    size_t *first = PyMem_RawMalloc((n + 1) * sizeof(size_t));
    int32_t *list = PyMem_RawMalloc((count + 1) * sizeof(int32_t));
    if (first == NULL || list == NULL) {
        PyMem_RawFree(first);
        PyMem_RawFree(list);
        return;
    }
    memcpy(first, s->nb_first, (n + 1) * sizeof(size_t));
    memcpy(list, s->nb_list, count * sizeof(int32_t));
    PyObject *old = g->nb_obj;
    PyMem_RawFree(g->nb_first);
    PyMem_RawFree(g->nb_list);
    g->nb_first = first;
    g->nb_list = list;
    Py_INCREF(neighbours);
    g->nb_obj = neighbours;
    Py_XDECREF(old); /* last: it may run any code */
}

/* bonus[0:max_length + 1] into s->bonus: from what graph g remembers if it is the same tuple of
 * ints, else converted (and then remembered if it is one). The caller checked that bonus has
 * the graph's longest + 1 entries; those past max_length are neither read nor converted, as
 * search.py would not read them. */
static int
read_bonus(GraphObject *g, Search *s, PyObject *bonus)
{
    size_t count = (size_t)s->max_length + 1;
    if (bonus == g->bonus_obj) {
        memcpy(s->bonus, g->bonus_values, count * sizeof(int64_t));
        return 0;
    }
    int exact = PyTuple_CheckExact(bonus);
    for (size_t k = 0; k < count; k++) {
        PyObject *item = PySequence_GetItem(bonus, (Py_ssize_t)k);
        if (item == NULL)
            return -1;
        exact &= PyLong_CheckExact(item);
        int bad = to_int64(item, &s->bonus[k]);
        Py_DECREF(item);
        if (bad)
            return -1;
    }
    if (exact) {
        int64_t *values = PyMem_RawMalloc(count * sizeof(int64_t));
        if (values != NULL) {
            memcpy(values, s->bonus, count * sizeof(int64_t));
            PyObject *old = g->bonus_obj;
            PyMem_RawFree(g->bonus_values);
            g->bonus_values = values;
            Py_INCREF(bonus);
            g->bonus_obj = bonus;
            Py_XDECREF(old);
        }
    }
    return 0;
}

/* Fill s from the arguments: 0, or -1 with an exception set. With `rows` (n_rows of them),
 * cell i's letters, points, factor and flags are the four items of rows[i] (a 4-tuple, from
 * elzzur_cell_row_items), and cells, points, factors and flags are not read. */
static int
convert(GraphObject *g, Search *s, PyObject *const *rows, Py_ssize_t n_rows, PyObject *cells,
        PyObject *points, PyObject *factors, PyObject *flags, PyObject *neighbours,
        PyObject *bonus)
{
    int result = -1;
    PyObject *c = NULL, *p = NULL, *f = NULL, *fl = NULL, *nb = NULL;

    if ((rows == NULL && (!(c = PySequence_Fast(cells, "cells must be a sequence")) ||
                          !(p = PySequence_Fast(points, "points must be a sequence")) ||
                          !(f = PySequence_Fast(factors, "factors must be a sequence")) ||
                          !(fl = PySequence_Fast(flags, "flags must be a sequence")))) ||
        !(nb = PySequence_Fast(neighbours, "neighbours must be a sequence")))
        goto done;
    Py_ssize_t n = rows != NULL ? n_rows : PySequence_Fast_GET_SIZE(c);
    if (rows != NULL && PySequence_Fast_GET_SIZE(nb) != n) {
        PyErr_Format(PyExc_ValueError, "cells and neighbours must have the same length (%zd, "
                     "%zd)", n, PySequence_Fast_GET_SIZE(nb));
        goto done;
    }
    if (rows == NULL && (PySequence_Fast_GET_SIZE(p) != n || PySequence_Fast_GET_SIZE(f) != n ||
        PySequence_Fast_GET_SIZE(fl) != n || PySequence_Fast_GET_SIZE(nb) != n)) {
        PyErr_Format(PyExc_ValueError,
                     "cells, points, factors, flags and neighbours must have the same length "
                     "(%zd, %zd, %zd, %zd, %zd)", n, PySequence_Fast_GET_SIZE(p),
                     PySequence_Fast_GET_SIZE(f), PySequence_Fast_GET_SIZE(fl),
                     PySequence_Fast_GET_SIZE(nb));
        goto done;
    }
    if (n >= INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "board too large");
        goto done;
    }
    size_t cells_n = (size_t)n;
    if (cell_arrays(s, cells_n) < 0)
        goto done;
    s->n_cells = n;
    memset(s->used, 0, cells_n + 1);

    for (Py_ssize_t i = 0; i < n; i++) {
        s->alt_first[i] = s->n_alts;
        PyObject *const *row = NULL; /* cell i's letters, points, factor, flags */
        PyObject *given[4];
        if (rows != NULL)
            row = ((PyTupleObject *)rows[i])->ob_item;
        else {
            given[0] = PySequence_Fast_GET_ITEM(c, i);
            given[1] = PySequence_Fast_GET_ITEM(p, i);
            given[2] = PySequence_Fast_GET_ITEM(f, i);
            given[3] = PySequence_Fast_GET_ITEM(fl, i);
            row = given;
        }
        if (convert_alternatives(s, i, row[0], row[1]) < 0 ||
            to_int64(row[2], &s->factors[i]) < 0 || to_int64(row[3], &s->flags[i]) < 0)
            goto done;
        s->end_only[i] = (s->flags[i] & END_ONLY) != 0;
    }
    s->alt_first[n] = s->n_alts;

    /* The neighbours: those the graph remembers if they are the very object (checked when
     * first read, and unchangeable), else read and checked now. Nothing below calls Python
     * code, so what the graph remembers cannot change while it is used. */
    const size_t *nb_first = g->nb_first;
    const int32_t *nb_list = g->nb_list;
    if (neighbours != g->nb_obj) {
        int exact;
        if (read_neighbours(s, neighbours, nb, n, &exact) < 0)
            goto done;
        if (exact)
            remember_neighbours(g, s, neighbours);
        nb_first = s->nb_first;
        nb_list = s->nb_list;
    }

    /* Room for every move at once: at most each neighbour by each of its alternatives, and
     * the start moves. */
    size_t most_alts = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (s->alt_first[i + 1] - s->alt_first[i] > most_alts)
            most_alts = s->alt_first[i + 1] - s->alt_first[i];
    size_t most;
    if (__builtin_mul_overflow(nb_first[n], most_alts, &most) ||
        __builtin_add_overflow(most, s->n_alts, &most) ||
        reserve((void **)&s->moves, &s->moves_cap, most, sizeof(Move)) < 0 ||
        most > SIZE_MAX / 4 - HIT_CHUNK_V2 ||
        reserve((void **)&s->tests, &s->tests_cap, 4 * (most + HIT_CHUNK_V2), 1) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    s->tests_stride = most + HIT_CHUNK_V2;
    size_t n_moves = 0;
    const Alt *alts = s->alts;
    const unsigned char *letters = s->letters;
    /* Each cell's moves. What search.py skips for reasons that never change during a search
     * (the cell itself, a START_ONLY cell, a cell without letters) is left out here, so the
     * walk has only used[] to test. What a path can go on by from each cell (onward): nothing
     * from an END_ONLY cell. */
    for (Py_ssize_t i = 0; i < n; i++) {
        s->move_first[i] = n_moves;
        uint64_t onward = 0;
        for (size_t k = nb_first[i]; k < nb_first[i + 1]; k++) {
            int32_t j = nb_list[k];
            if (j == i || (s->flags[j] & START_ONLY))
                continue;
            for (size_t a = s->alt_first[j]; a < s->alt_first[j + 1]; a++)
                onward |= set_move(s, n_moves++, j, a, letters[alts[a].letters]);
        }
        s->onward[i] = s->end_only[i] ? 0 : onward;
    }
    s->move_first[n] = n_moves;
    /* The start moves: every alternative of every cell, START_ONLY or not. */
    for (Py_ssize_t i = 0; i < n; i++)
        for (size_t a = s->alt_first[i]; a < s->alt_first[i + 1]; a++)
            set_move(s, n_moves++, (int32_t)i, a, letters[alts[a].letters]);
    s->n_moves = n_moves;
    /* (a chunk at the end of the moves reads as far as HIT_CHUNK_V2 tests beyond them) */
    for (int row = 0; row < 4; row++)
        memset(s->tests + row * s->tests_stride + n_moves, 0, HIT_CHUNK_V2);

    if (read_bonus(g, s, bonus) < 0)
        goto done;

    /* Node 0 is the root: a graph without nodes can take no step (search.py would fail with
     * IndexError on the first one). */
    if (s->n_nodes == 0 && s->n_alts > 0) {
        PyErr_SetString(PyExc_ValueError, "word graph is corrupt (no root node)");
        goto done;
    }
    result = 0;
done:
    Py_XDECREF(c);
    Py_XDECREF(p);
    Py_XDECREF(f);
    Py_XDECREF(fl);
    Py_XDECREF(nb);
    return result;
}

/* --- phase 2: the walk (no GIL, no Python objects) ------------------------------------------ */

/* Fibonacci hashing: the ranks of one board's words cluster, the top bits of the product
 * spread them over the 2**bits slots. */
static inline size_t
slot(uint64_t key, unsigned bits)
{
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

/* Keep the best (score, path[0..depth]) for the word of this rank: a later path replaces an
 * earlier one only with a strictly higher score, as in search.py. */
static int
record(Search *s, uint64_t rank, int64_t score, size_t depth)
{
    uint64_t key = rank + 1; /* a rank is a sum of under 2**32 u32 terms: never UINT64_MAX */
    size_t cells = depth + 1;
    size_t mask = s->table_size - 1;
    size_t i = slot(key, s->table_bits);
    Entry *e;
    for (;; i = (i + 1) & mask) {
        uint32_t at = s->table[i];
        if (at == 0)
            break;
        e = &s->entries[at - 1];
        if (e->key != key)
            continue;
        if (score <= e->score)
            return DONE;
        e->score = score;
        if (cells <= e->length) { /* the old path's room is enough */
            memcpy(s->arena + e->path, s->path, cells * sizeof(int32_t));
            e->length = cells;
            return DONE;
        }
        goto append; /* a longer best path */
    }
    /* A new word: its entry, in the empty slot i. */
    if (s->n_entries >= UINT32_MAX - 1 ||
        reserve((void **)&s->entries, &s->entries_cap, s->n_entries + 1, sizeof(Entry)) < 0)
        return ERR_MEMORY;
    e = &s->entries[s->n_entries++];
    e->key = key;
    e->score = score;
    s->table[i] = (uint32_t)s->n_entries;
append:
    /* Its path, appended to the arena. */
    if (reserve((void **)&s->arena, &s->arena_cap, s->arena_len + cells, sizeof(int32_t)) < 0)
        return ERR_MEMORY;
    memcpy(s->arena + s->arena_len, s->path, cells * sizeof(int32_t));
    e->path = s->arena_len;
    e->length = cells;
    s->arena_len += cells;

    if (s->n_entries * 2 > s->table_size) { /* keep probes short: rehash at half full */
        size_t size = s->table_size * 2;
        if (empty_table(s, size) < 0) /* (rebuilt from the entries) */
            return ERR_MEMORY;
        uint32_t *table = s->table;
        for (size_t k = 0; k < s->n_entries; k++) {
            size_t j = slot(s->entries[k].key, s->table_bits + 1);
            while (table[j] != 0)
                j = (j + 1) & (size - 1);
            table[j] = (uint32_t)k + 1;
        }
        s->table_size = size;
        s->table_bits++;
    }
    return DONE;
}

/* The walk's two copies where GCC builds for x86-64: walk_v2 for the CPUs of x86-64-v2 (2008
 * on: POPCNT, and SSSE3's PSHUFB, which chunk_hits() shuffles bytes with), picked by
 * walk_board() where it can run: a graph that keeps its walk records (from its second search
 * on), a board of at most 128 cells (its used cells in 16 bytes), and one whose sums cannot
 * overflow (bounded()); walk_plain for the rest, with every test. Elsewhere walk_plain
 * alone. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define WALK_V2 1
typedef unsigned char u8x16 __attribute__((vector_size(16)));
typedef char i8x16 __attribute__((vector_size(16)));
typedef uint64_t u64x2 __attribute__((vector_size(16)));
#else
#define WALK_V2 0
#endif

/* What the walk reads, copied out of Search into one struct that only the walk touches:
 * its stores to used[] (chars, which may alias anything) and path[] would otherwise make the
 * compiler load every field of Search again after each of them. */
typedef struct {
    const unsigned char *masks, *first, *targets, *ranks;
    WalkEdge *edges;
    const Alt *alts;
    const unsigned char *letters;
    const Move *moves;
    const unsigned char *tests;
    size_t stride;          /* of tests */
    const size_t *move_first;
    const int64_t *factors, *bonus, *scale;
    const uint64_t *onward;
    unsigned char *used;
    int32_t *path;
    int64_t divisor;
    long long min_length;
    uint64_t limit, steps;
    uint32_t n_nodes, n_edges, max_length;
    unsigned char mark;     /* what used[] is set to on a path: 0 in a revisit search */
#if WALK_V2
    u8x16 used_bits;        /* walk_v2's used[]: bit c % 8 of byte c / 8 for cell c */
#endif
    /* The time limit: with a deadline, limit is the next step at which the clock is read
     * (every TIME_CHUNK steps), cap the real step limit (see more_steps). */
    uint64_t cap;
    double deadline;        /* on monotonic()'s clock; 0: none */
    int timed_out;
} Walk;

/* Steps between two readings of the clock: some milliseconds of the walk, so a deadline is
 * kept to within a few milliseconds while the clock costs nothing measurable. */
#define TIME_CHUNK 65536

/* Seconds on a clock that only goes forward (search.py: time.monotonic()). */
static double
monotonic(void)
{
#ifdef _WIN32
    return (double)GetTickCount64() / 1000.0;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
#endif
}

/* The walk passed w->limit steps: with a deadline not yet reached and the real limit not
 * passed, move the limit on by a chunk and go on (1); else stop (0), noting a time-out. Kept
 * out of walk(), whose step test is unchanged by the deadline. */
static int
more_steps(Walk *w)
{
    if (w->deadline <= 0 || w->steps > w->cap)
        return 0;
    if (monotonic() >= w->deadline) {
        w->timed_out = 1;
        return 0;
    }
    w->limit = w->cap - w->steps <= TIME_CHUNK ? w->cap : w->steps + TIME_CHUNK;
    return 1;
}

/* The popcount of rank_in, which spells a word in another graph for its band (and of the
 * walk where it has one copy, below): x86-64 compilers emit a call to a software popcount
 * unless told the CPU has the instruction, and pip builds for any x86-64 (no -march=native).
 * So these are compiled twice where the compiler can do that (GCC, Clang on Linux: an ifunc
 * picks the copy once, at load time), once with the POPCNT instruction and once without.
 * Elsewhere (ARM64 has its own instruction) a single copy. */
#if defined(__x86_64__) && defined(__linux__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef POPCNT_CLONES
#define POPCNT_CLONES
#endif

/* Which of the n moves from moves[k] (n <= hit_chunk(v2)) start with a letter of `mask`, as
 * the bits of the result, each tested without a branch: most moves fail on their first
 * letter, unpredictably, and mispredicted branches cost more than the tests. In walk_v2, 16
 * at once: the mask's bytes looked up by each move's byte number (one PSHUFB), each ANDed
 * with the move's bit in that byte, the nonzero bytes' top bits gathered (PMOVMSKB): a
 * dozen instructions where one move after another took a hundred (10x10 boards: the walk
 * 17 % fewer instructions, 5 % less time). The same shuffle of the used cells' bytes leaves
 * out the moves to a cell the path has used, which walk_plain tests hit by hit: a fifth of
 * the hits, each a branch mispredicted as often as not (7-9 % of the time). Elsewhere up to
 * 64 moves, one after another. */
static inline __attribute__((always_inline)) uint64_t
chunk_hits(const Walk *restrict w, size_t k, size_t n, uint64_t mask, const int v2)
{
#if WALK_V2
    if (v2) {
        u64x2 bytes = {mask, mask};
        u8x16 at, bit, cell_at, cell_bit;
        memcpy(&at, w->tests + k, 16);
        memcpy(&bit, w->tests + w->stride + k, 16);
        memcpy(&cell_at, w->tests + 2 * w->stride + k, 16);
        memcpy(&cell_bit, w->tests + 3 * w->stride + k, 16);
        u8x16 used = __builtin_shuffle(w->used_bits, cell_at) & cell_bit;
        i8x16 hit = (i8x16)((__builtin_shuffle((u8x16)bytes, at) & bit) != 0) &
                    (i8x16)(used == 0);
        return (uint64_t)(unsigned)__builtin_ia32_pmovmskb128(hit) & ((UINT64_C(1) << n) - 1);
    }
#endif
    (void)v2;
    uint64_t hits = 0;
    for (size_t i = 0; i < n; i++)
        hits |= (uint64_t)((mask & w->moves[k + i].bit) != 0) << i;
    return hits;
}

#if WALK_V2
/* Cell c's bit in walk_v2's used_bits (c < 128), made in registers: a byte of it written alone
 * would keep the next 16-byte read of used_bits waiting. */
static inline __attribute__((always_inline)) u8x16
one_cell(int32_t cell)
{
    const u8x16 bytes = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    u8x16 at = (u8x16){0} + (unsigned char)(cell >> 3);
    return (u8x16)(bytes == at) & (unsigned char)(1u << (cell & 7));
}
#endif

/* The moves chunk_hits() tests at once: see HIT_CHUNK_V2. */
#define hit_chunk(v2) ((v2) ? HIT_CHUNK_V2 : 64)

/* Edge `edge` (< n_edges) as the walk takes it: its rank, and its child's mask and first edge
 * (n_edges if the file says more: a step from there is refused as corruption either way).
 * Returns 0, or -1 if the target is out of range (a corrupt graph). Read from the graph's
 * records (WalkEdge), filled from the file's arrays the first time any search takes the edge,
 * or without records (a graph's first search) from the file. Two searches of one graph may
 * run at once (without the GIL): one that finds `first` set also finds what was written
 * before it, and both write the same values. */
static inline int
reach(const Walk *restrict w, uint64_t edge, uint64_t *mask, uint32_t *rank, uint32_t *first,
      const int records)
{
    WalkEdge *e = NULL;
    uint32_t f = 0;
    if (records || w->edges != NULL) {
        e = &w->edges[edge];
        f = __atomic_load_n(&e->first, __ATOMIC_ACQUIRE);
    }
    if (__builtin_expect(f == 0, 0)) {
        uint32_t target = load32(w->targets + 4 * edge);
        if (target >= w->n_nodes)
            f = WALK_BAD;
        else {
            uint32_t child = load32(w->first + 4 * (size_t)target);
            f = (child < w->n_edges ? child : w->n_edges) + 1;
            if (e == NULL) {
                *mask = load64(w->masks + 8 * (size_t)target);
                *rank = load32(w->ranks + 4 * edge);
                *first = f - 1;
                return 0;
            }
            __atomic_store_n(&e->mask, load64(w->masks + 8 * (size_t)target), __ATOMIC_RELAXED);
            __atomic_store_n(&e->rank, load32(w->ranks + 4 * edge), __ATOMIC_RELAXED);
        }
        if (e == NULL)
            return -1; /* WALK_BAD, without records */
        __atomic_store_n(&e->first, f, __ATOMIC_RELEASE);
    }
    if (f == WALK_BAD)
        return -1;
    *mask = __atomic_load_n(&e->mask, __ATOMIC_RELAXED);
    *rank = __atomic_load_n(&e->rank, __ATOMIC_RELAXED);
    *first = f - 1;
    return 0;
}

/* search.py's visit() and enter(), as one recursive function: from the state reached (the
 * node's first edge, its mask, rank, letters so far, the letter sum, the word multiplier, whether either left
 * int64), try moves[next:end] in order: walk the move's letters (walk()), score the word if
 * one ends there, and go on from the cell if the path can. path[depth] is the cell entered.
 * Each level adds a letter at least and no path is longer than max_length letters (checked),
 * so the recursion is at most max_length + 1 deep, whatever the graph holds. Returns DONE or
 * ERR_... . Inlined into its two copies, walk_plain and walk_v2 (v2: see WALK_V2), each of
 * which recurses into itself. */
#define WALK_PARAMETERS Walk *restrict w, Search *s, size_t next, size_t end, uint32_t first, \
    uint64_t mask, uint64_t rank, uint32_t length, int64_t total, int64_t factor, \
    unsigned char overflow, size_t depth
#define WALK_ARGUMENTS w, s, next, end, first, mask, rank, length, total, factor, overflow, depth
static int walk_plain(WALK_PARAMETERS);
#if WALK_V2
static int walk_v2(WALK_PARAMETERS);
#endif

static inline __attribute__((always_inline)) int
walk(WALK_PARAMETERS, const int v2)
{
    /* The moves whose first letter the node goes on by, up to 16 or 64 at a time as the bits of
     * `hits` (chunk_hits), then the hits in order, the order of search.py's loops. */
    const Move *chunk = NULL, *rest = w->moves + next, *stop = w->moves + end;
    uint64_t hits = 0;
    for (;;) {
        while (hits == 0) {
            if (rest >= stop)
                return DONE;
            size_t most = hit_chunk(v2);
            size_t n = (size_t)(stop - rest) < most ? (size_t)(stop - rest) : most;
            hits = chunk_hits(w, (size_t)(rest - w->moves), n, mask, v2);
            chunk = rest;
            rest += n;
        }
        const Move *move = chunk + __builtin_ctzll(hits);
        hits &= hits - 1;
        int32_t cell = move->cell;
        if (!v2 && w->used[cell]) /* never set in a revisit search; walk_v2: see chunk_hits */
            continue;
        const Alt *alt = &w->alts[move->alt];
        /* The first letter, whose bit is set: a node's edges are consecutive in letter order,
         * so skip those of lower letters. */
        uint64_t edge = (uint64_t)first + (uint64_t)__builtin_popcountll(mask & (move->bit - 1));
        if (edge >= w->n_edges)
            return ERR_CORRUPT;
        uint32_t reached, step_rank;
        uint64_t reached_mask;
        if (reach(w, edge, &reached_mask, &step_rank, &reached, v2) < 0)
            return ERR_CORRUPT;
        uint64_t reached_rank = rank + step_rank;
        /* whether the path goes on from there (below), the letters of a multi-letter
         * alternative aside */
        uint64_t onward = reached_mask & w->onward[cell];
        if ((v2 || w->edges != NULL) && onward)
            __builtin_prefetch(&w->edges[reached]);
        if (alt->length > 1) { /* Qu and the like: the other letters */
            const unsigned char *letters = w->letters + alt->letters;
            uint32_t k = 1;
            for (; k < alt->length; k++) {
                uint64_t bit = UINT64_C(1) << letters[k]; /* < 63: never the TERMINAL bit */
                if (!(reached_mask & bit))
                    break;
                edge = (uint64_t)reached + (uint64_t)__builtin_popcountll(reached_mask & (bit - 1));
                if (edge >= w->n_edges)
                    return ERR_CORRUPT;
                if (reach(w, edge, &reached_mask, &step_rank, &reached, v2) < 0)
                    return ERR_CORRUPT;
                reached_rank += step_rank;
            }
            if (k < alt->length)
                continue;
            onward = reached_mask & w->onward[cell];
        }
        if (++w->steps > w->limit && !more_steps(w))
            return ERR_LIMIT;

        /* An acyclic graph whose words have at most `longest` letters has no longer path; a
         * corrupt one might (even a cycle), and bonus[] has no entry for it. */
        uint64_t new_length = (uint64_t)length + alt->length;
        if (new_length > w->max_length)
            return ERR_CORRUPT;

        /* Scores are int64, in search.py too (which checks its Python ints against the same
         * range): an overflow is remembered and only reported if the score of a word needs
         * the value. */
        int64_t new_total, new_factor;
        unsigned char over = v2 ? 0 : overflow;
        if (v2) { /* a bounded() board: neither can overflow, nor their product */
            new_total = total + alt->points;
            new_factor = factor * w->factors[cell];
        } else {
            over |= __builtin_add_overflow(total, alt->points, &new_total);
            over |= __builtin_mul_overflow(factor, w->factors[cell], &new_factor);
        }

        w->path[depth] = cell;
        if ((reached_mask & TERMINAL) && (long long)new_length >= w->min_length) {
            int64_t score;
            if (v2)
                score = new_total * new_factor;
            if ((!v2 && (over || __builtin_mul_overflow(new_total, new_factor, &score))) ||
                (w->scale != NULL && __builtin_mul_overflow(score, w->scale[new_length], &score)))
                return ERR_OVERFLOW;
            if (w->divisor != 1) { /* Python's // rounds down, C's / towards zero */
                int64_t q = score / w->divisor;
                if (score % w->divisor != 0 && score < 0)
                    q--;
                score = q;
            }
            if (__builtin_add_overflow(score, w->bonus[new_length], &score))
                return ERR_OVERFLOW;
            int err = record(s, reached_rank, score, depth);
            if (err)
                return err;
        }
        /* Go on only if some move's first letter follows: a call that could take no step
         * (a word's last letter, an END_ONLY cell, letters the graph does not continue by) is
         * not made at all. The bits are letters below 63, never TERMINAL. */
        if (onward) {
            size_t from = w->move_first[cell], to = w->move_first[cell + 1];
            uint32_t len = (uint32_t)new_length;
            int err;
#if WALK_V2
            if (v2) {
                u8x16 before = w->used_bits;
                w->used_bits = before | one_cell(cell);
                err = walk_v2(w, s, from, to, reached, reached_mask, reached_rank, len,
                              new_total, new_factor, over, depth + 1);
                w->used_bits = before;
            } else
#endif
            {
                w->used[cell] = w->mark;
                err = walk_plain(w, s, from, to, reached, reached_mask, reached_rank, len,
                                 new_total, new_factor, over, depth + 1);
                w->used[cell] = 0;
            }
            if (err)
                return err;
        }
    }
}

static POPCNT_CLONES int
walk_plain(WALK_PARAMETERS)
{
    return walk(WALK_ARGUMENTS, 0);
}

#if WALK_V2
static __attribute__((target("arch=x86-64-v2"))) int
walk_v2(WALK_PARAMETERS)
{
    return walk(WALK_ARGUMENTS, 1);
}
#endif

/* Whether no path of the board can take its letter sum or word multiplier, or their product,
 * out of int64 (walk_v2 then leaves out the tests): a path passes a cell at most once (not a
 * revisit search), so its sum is at most the cells' largest points added up, its multiplier at
 * most their factors multiplied, and both stay below 2**31. */
static int
bounded(const Search *s)
{
    if (s->revisit)
        return 0;
    uint64_t sum = 0, product = 1, limit = UINT64_C(1) << 31;
    for (Py_ssize_t i = 0; i < s->n_cells; i++) {
        uint64_t most = 0;
        for (size_t a = s->alt_first[i]; a < s->alt_first[i + 1]; a++) {
            int64_t v = s->alts[a].points;
            uint64_t size = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
            most = size > most ? size : most;
        }
        int64_t f = s->factors[i];
        uint64_t factor = f < 0 ? (uint64_t)0 - (uint64_t)f : (uint64_t)f;
        sum += most < limit ? most : limit;
        product *= factor > 1 ? (factor < limit ? factor : limit) : 1;
        if (sum >= limit || product >= limit)
            return 0;
    }
    return 1;
}

/* Depth first: start cells in order, then each cell's moves in order, which is the order of
 * search.py's recursion (it decides which of equally scored paths is kept). */
static int
walk_board(Search *s)
{
    if (s->n_nodes == 0)
        return DONE; /* convert() refused a graph without a root for any board with letters */
    Walk w = {
        .masks = s->masks, .first = s->first, .targets = s->targets, .ranks = s->ranks,
        .edges = s->edges, .alts = s->alts, .letters = s->letters, .moves = s->moves,
        .tests = s->tests, .stride = s->tests_stride, .move_first = s->move_first,
        .factors = s->factors, .bonus = s->bonus, .scale = s->scale, .onward = s->onward,
        .used = s->used, .path = s->path, .divisor = s->divisor, .min_length = s->min_length,
        .limit = s->limit, .steps = 0, .n_nodes = s->n_nodes, .n_edges = s->n_edges,
        .max_length = s->max_length, .mark = !s->revisit, .cap = s->limit,
    };
    if (s->seconds > 0) {
        w.deadline = monotonic() + s->seconds;
        if (w.limit > TIME_CHUNK)
            w.limit = TIME_CHUNK;
    }
    uint32_t root_first = load32(s->first); /* as reach() keeps it */
    if (root_first > s->n_edges)
        root_first = s->n_edges;
    int (*start)(WALK_PARAMETERS) = walk_plain;
#if WALK_V2
    if (s->edges != NULL && s->n_cells <= 128 && __builtin_cpu_supports("popcnt") &&
        __builtin_cpu_supports("ssse3") && bounded(s))
        start = walk_v2;
#endif
    int err = start(&w, s, s->move_first[s->n_cells], s->n_moves, root_first, load64(s->masks),
                    0, 0, 0, 1, 0, 0);
    s->steps = w.steps;
    s->timed_out = w.timed_out;
    return err;
}

/* --- phase 3: the result ---------------------------------------------------------------- */

static void
swap_entries(Entry *a, Entry *b)
{
    Entry t = *a;
    *a = *b;
    *b = t;
}

/* Whether entry a comes before entry b: by rank (keys are distinct), or by score, highest
 * first, then rank. */
static inline int
before(const Entry *a, const Entry *b, int by_score)
{
    if (by_score && a->score != b->score)
        return a->score > b->score;
    return a->key < b->key;
}

/* Sort in the order of before(). A small quicksort: libc's qsort, through its comparison
 * callback, took a tenth of a 4x4 search. */
static void
sort_entries(Entry *e, size_t n, int by_score)
{
    while (n > 16) {
        /* median of three to the front as the pivot */
        size_t mid = n / 2;
        if (before(&e[mid], &e[0], by_score))
            swap_entries(&e[mid], &e[0]);
        if (before(&e[n - 1], &e[0], by_score))
            swap_entries(&e[n - 1], &e[0]);
        if (before(&e[n - 1], &e[mid], by_score))
            swap_entries(&e[n - 1], &e[mid]);
        swap_entries(&e[0], &e[mid]);
        Entry pivot = e[0];
        size_t i = 1, j = n - 1;
        for (;;) {
            while (i <= j && before(&e[i], &pivot, by_score))
                i++;
            while (before(&pivot, &e[j], by_score))
                j--;
            if (i >= j)
                break;
            swap_entries(&e[i++], &e[j--]);
        }
        swap_entries(&e[0], &e[j]);
        /* recurse into the smaller side, loop on the larger: log n deep at most */
        if (j < n - j - 1) {
            sort_entries(e, j, by_score);
            e += j + 1;
            n -= j + 1;
        } else {
            sort_entries(e + j + 1, n - j - 1, by_score);
            n = j;
        }
    }
    for (size_t i = 1; i < n; i++) {
        Entry t = e[i];
        size_t j = i;
        for (; j > 0 && before(&t, &e[j - 1], by_score); j--)
            e[j] = e[j - 1];
        e[j] = t;
    }
}

/* The entries in s->sorted become s->entries, and the other way round. */
static void
swap_buffers(Search *s)
{
    Entry *t = s->entries;
    size_t cap = s->entries_cap;
    s->entries = s->sorted;
    s->entries_cap = s->sorted_cap;
    s->sorted = t;
    s->sorted_cap = cap;
}

/* The digits of radix_sort's passes. */
#define RADIX_BITS 11

/* What one pass of radix_sort orders by: the key (rank), or by_score's score, highest first
 * (as a distance below the highest, so that a smaller digit comes first). */
static inline uint64_t
radix_value(const Entry *e, int score, int64_t highest)
{
    return score ? (uint64_t)highest - (uint64_t)e->score : e->key;
}

/* One stable counting pass: from[0..n) into to, in the order of their digits, (radix_value
 * >> shift) & (2**RADIX_BITS - 1), which lie below `buckets` (at most 2**RADIX_BITS). */
static inline void
counting_pass(const Entry *from, Entry *to, size_t n, int score, int64_t highest,
              unsigned shift, size_t buckets)
{
    uint32_t at[1 << RADIX_BITS]; /* n < 2**32: record() keeps to that */
    memset(at, 0, buckets * sizeof(uint32_t));
    for (size_t k = 0; k < n; k++)
        at[(radix_value(&from[k], score, highest) >> shift) & ((1u << RADIX_BITS) - 1)]++;
    uint32_t sum = 0;
    for (size_t d = 0; d < buckets; d++) {
        uint32_t c = at[d];
        at[d] = sum;
        sum += c;
    }
    for (size_t k = 0; k < n; k++)
        to[at[(radix_value(&from[k], score, highest) >> shift) & ((1u << RADIX_BITS) - 1)]++] =
            from[k];
}

/* The entries in the order of before(): a least significant digit first radix sort, as many
 * 11-bit digits as the largest key has, then (by_score) as many as the widest gap between
 * scores has, each pass stable, so that equal scores keep their rank order. The keys are
 * distinct, so the order is the one sort_entries gives. Returns 0, or -1 (nothing done)
 * without memory for the copy. */
static int
radix_sort(Search *s, int by_score)
{
    Entry *e = s->entries;
    size_t n = s->n_entries;
    uint64_t top = 1;
    int64_t highest = INT64_MIN, lowest = INT64_MAX;
    for (size_t k = 0; k < n; k++) {
        top |= e[k].key;
        highest = e[k].score > highest ? e[k].score : highest;
        lowest = e[k].score < lowest ? e[k].score : lowest;
    }
    if (reserve((void **)&s->sorted, &s->sorted_cap, n, sizeof(Entry)) < 0)
        return -1;
    Entry *from = e, *to = s->sorted;
    for (int score = 0; score <= by_score; score++) {
        uint64_t widest = score ? (uint64_t)highest - (uint64_t)lowest : top;
        unsigned bits = widest == 0 ? 0 : 64 - (unsigned)__builtin_clzll(widest);
        for (unsigned shift = 0; shift < bits; shift += RADIX_BITS) {
            counting_pass(from, to, n, score, highest, shift, (size_t)1 << RADIX_BITS);
            Entry *t = from;
            from = to;
            to = t;
        }
    }
    if (from != e)
        swap_buffers(s);
    return 0;
}

/* The most moves bucket_sort's insertion sort may make, for each entry: a bucket of c entries
 * may take c (c - 1) / 2. */
#define BUCKET_MOVES 4

/* The entries in rank order: each put in one of n buckets by where its key lies between the
 * smallest and the largest, then an insertion sort of what is then nearly in order. A board's
 * ranks spread over the word list, so a bucket holds one or two: some 5 comparisons an entry,
 * most of them predictable, where sort_entries' quicksort made 7 (110 entries of a 4x4
 * board), half of them mispredicted, moving 32-byte entries each time (a twentieth of
 * find_words), and radix_sort's two passes over a 10x10 board's 1,500 entries took 3 % of
 * find_words. The buckets' counts are kept in the walk's table, no longer needed (at least
 * 2n slots). Returns 0, or -1 (nothing done) where the insertion sort could take more than
 * BUCKET_MOVES moves an entry (ranks bunched together), or without memory for the copy. */
static int
bucket_sort(Search *s)
{
    Entry *e = s->entries;
    size_t n = s->n_entries;
    uint64_t low = UINT64_MAX, high = 0;
    for (size_t k = 0; k < n; k++) {
        low = e[k].key < low ? e[k].key : low;
        high = e[k].key > high ? e[k].key : high;
    }
    if (n < 2 || n >= s->table_size ||
        reserve((void **)&s->sorted, &s->sorted_cap, n, sizeof(Entry)) < 0)
        return -1;
    uint32_t *at = s->table;
    memset(at, 0, (n + 1) * sizeof(uint32_t));
    /* an entry's bucket, (key - low) * n / (high - low + 1), as a product and a shift: the
     * keys are distinct, so n <= high - low + 1, scale <= 2**32 and the product < n * 2**32
     * (keys stay below 2**39, even a damaged graph's: 64 steps of a u32 rank at most) */
    uint64_t scale = ((uint64_t)n << 32) / (high - low + 1);
    size_t moves = 0; /* at most what the insertion sort below can make */
    for (size_t k = 0; k < n; k++)
        moves += at[((e[k].key - low) * scale >> 32) + 1]++;
    if (moves > BUCKET_MOVES * n)
        return -1;
    for (size_t b = 1; b <= n; b++)
        at[b] += at[b - 1];
    Entry *to = s->sorted;
    for (size_t k = 0; k < n; k++)
        to[at[(e[k].key - low) * scale >> 32]++] = e[k];
    for (size_t i = 1; i < n; i++)
        if (to[i].key < to[i - 1].key) {
            Entry t = to[i];
            size_t j = i;
            for (; j > 0 && t.key < to[j - 1].key; j--)
                to[j] = to[j - 1];
            to[j] = t;
        }
    swap_buffers(s);
    return 0;
}

/* Scores of entries that score_sort puts in order by counting: at most this far apart (one
 * counting pass of radix_sort's, at most 2**RADIX_BITS buckets). */
#define SCORE_SPAN 1024
_Static_assert(SCORE_SPAN <= (1 << RADIX_BITS), "a score digit of score_sort is one bucket");

/* The entries, in rank order, put in score order (highest first) by a stable counting sort,
 * so that equal scores keep their rank order: the order of before(..., by_score), for
 * entries whose scores lie within SCORE_SPAN of each other (a board's usually lie within a
 * few dozen). The quicksort took solve() a sixteenth of a 4x4 board.
 * Returns 0, or -1 (nothing done) for scores further apart or without memory. */
static int
score_sort(Search *s)
{
    Entry *e = s->entries;
    size_t n = s->n_entries;
    int64_t highest = INT64_MIN, lowest = INT64_MAX;
    for (size_t k = 0; k < n; k++) {
        highest = e[k].score > highest ? e[k].score : highest;
        lowest = e[k].score < lowest ? e[k].score : lowest;
    }
    if (n < 2 || (uint64_t)highest - (uint64_t)lowest >= SCORE_SPAN ||
        reserve((void **)&s->sorted, &s->sorted_cap, n, sizeof(Entry)) < 0)
        return -1;
    /* one pass, by how far below the highest each score is */
    counting_pass(e, s->sorted, n, 1, highest, 0,
                  (size_t)((uint64_t)highest - (uint64_t)lowest) + 1);
    swap_buffers(s);
    return 0;
}

/* Spell the word of rank `rank` into buf as letter numbers (room for g->longest letters):
 * from the root, take the last edge whose rank does not exceed what is left of it, until a
 * word ends with nothing left. Returns the number of letters, or -1 for a graph that does not
 * add up. */
static Py_ssize_t
spell(const GraphObject *g, uint64_t rank, unsigned char *buf)
{
    uint32_t node = 0;
    Py_ssize_t length = 0;
    for (;;) {
        if (node >= g->n_nodes)
            return -1;
        uint64_t mask = load64(g->masks + 8 * (size_t)node);
        if ((mask >> 63) && rank == 0)
            return length;
        uint64_t children = mask & ~(UINT64_C(1) << 63);
        if (children == 0 || length >= (Py_ssize_t)g->longest)
            return -1;
        uint64_t edge = load32(g->first + 4 * (size_t)node);
        int count = __builtin_popcountll(children), chosen = -1;
        if (edge + (uint64_t)count > g->n_edges)
            return -1;
        for (int k = 0; k < count && load32(g->ranks + 4 * (size_t)(edge + k)) <= rank; k++)
            chosen = k;
        if (chosen < 0)
            return -1;
        uint64_t rest = children;
        for (int k = 0; k < chosen; k++)
            rest &= rest - 1; /* drop the lower letters */
        int letter = __builtin_ctzll(rest);
        if (letter >= g->n_letters)
            return -1;
        buf[length++] = (unsigned char)letter;
        rank -= load32(g->ranks + 4 * (size_t)(edge + chosen));
        node = load32(g->targets + 4 * (size_t)(edge + chosen));
    }
}

/* How the result is made (the keyword arguments labels, record, band and by_score). */
typedef struct {
    PyObject *labels;          /* a fast sequence of one object per cell, or NULL: ints */
    PyTypeObject *record;      /* or NULL: (word, score, path) tuples */
    Py_ssize_t at_word, at_score, at_path, at_band; /* where record keeps its fields */
    PyObject *band;            /* NULL or None: band None; a callable; else bands[] by rank */
    Py_buffer bands;           /* 2 bits a rank, as a .bands file after its header */
    const GraphObject *ranked; /* the graph whose ranks bands[] follows, if not the searched */
    uint32_t *other_ranks;     /* NULL, or the searched graph's table of ranks in ranked */
    uint64_t n_ranks;          /* its entries: the searched graph's words */
    unsigned char translate[64]; /* a searched letter number to ranked's, 255: none */
    int by_score;
    /* render: the words as one str, each word's text made of the template's pieces (UTF-8),
     * and the totals */
    int render, pad;
    const char *piece[8];      /* open, after_word, after_score, path_sep, after_path,
                                  band_none (NULL: no band field), close, between */
    Py_ssize_t piece_len[8];
    Py_ssize_t top;            /* words listed: -1 all */
} Shape;

enum { OPEN, AFTER_WORD, AFTER_SCORE, PATH_SEP, AFTER_PATH, BAND_NONE, CLOSE, BETWEEN };

/* A cell read otherwise than as one letter of the graph's alphabet (Search.letter). */
#define NO_LETTER 255

/* What entry_letters() needs of each cell, settled once a search rather than for each letter
 * of each word: spelt[i] is the cell's alternative if it has one way to be read, spelt with
 * letters of the graph's alphabet, else -1; letter[i] that alternative's letter where it is
 * one letter (most cells: a path of such cells spells its word a letter a cell), else
 * NO_LETTER. */
static void
spelling(Search *s, const GraphObject *g)
{
    for (Py_ssize_t i = 0; i < s->n_cells; i++) {
        size_t a = s->alt_first[i];
        int32_t one = s->alt_first[i + 1] == a + 1 ? (int32_t)a : -1;
        if (one >= 0) {
            const Alt *alt = &s->alts[a];
            const unsigned char *spelt = s->letters + alt->letters;
            for (uint32_t k = 0; k < alt->length; k++)
                if (spelt[k] >= g->n_letters)
                    one = -1;
        }
        s->spelt[i] = one;
        s->letter[i] = one >= 0 && s->alts[one].length == 1 ? s->letters[s->alts[one].letters]
                                                             : NO_LETTER;
    }
}

/* The letters of entry e as letter numbers into idx (room for g->longest): its cells'
 * letters where every cell of the path has one way to be read, else spelt from its rank.
 * Returns their number, or -1 with a ValueError for a graph that does not add up. */
static Py_ssize_t
entry_letters(const Search *s, const GraphObject *g, const Entry *e, unsigned char *idx)
{
    const int32_t *path = s->arena + e->path;
    size_t j = 0;
    if (e->length <= (size_t)g->longest) /* a cell a letter, the common case */
        for (; j < e->length; j++) {
            unsigned char letter = s->letter[path[j]];
            if (letter == NO_LETTER)
                break;
            idx[j] = letter;
        }
    if (j == e->length)
        return (Py_ssize_t)j;
    Py_ssize_t length = (Py_ssize_t)j; /* the cells before j had one letter each */
    for (; j < e->length; j++) {
        int32_t a = s->spelt[path[j]];
        if (a < 0) {
            length = -1;
            break;
        }
        const Alt *alt = &s->alts[a];
        if (alt->length > (size_t)g->longest - (size_t)length) {
            length = -1;
            break;
        }
        memcpy(idx + length, s->letters + alt->letters, alt->length);
        length += alt->length;
    }
    if (length < 0)
        length = spell(g, e->key - 1, idx);
    if (length < 0)
        PyErr_SetString(PyExc_ValueError, "word graph is corrupt (a rank spells no word)");
    return length;
}

/* The word of entry e as a str, its letter numbers into idx and their number into *count. */
static PyObject *
entry_word(const Search *s, const GraphObject *g, const Entry *e, unsigned char *idx,
           Py_ssize_t *count, Py_UCS4 *letters, int ascii)
{
    Py_ssize_t length = entry_letters(s, g, e, idx);
    if (length < 0)
        return NULL;
    *count = length;
    if (ascii) { /* an alphabet of ASCII letters (English): one byte a letter, written directly */
        PyObject *word = PyUnicode_New(length, 127);
        if (word == NULL)
            return NULL;
        Py_UCS1 *out = PyUnicode_1BYTE_DATA(word);
        for (Py_ssize_t k = 0; k < length; k++)
            out[k] = (Py_UCS1)g->alphabet[idx[k]];
        return word;
    }
    for (Py_ssize_t k = 0; k < length; k++)
        letters[k] = g->alphabet[idx[k]];
    return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, letters, length);
}

/* The rank of a word (letter numbers of the searched graph) in shape->ranked, or -1 if it is
 * not a word there (or that graph does not add up: the bands were checked against it). */
static POPCNT_CLONES int64_t
rank_in(const Shape *shape, const unsigned char *idx, Py_ssize_t length)
{
    const GraphObject *o = shape->ranked;
    uint32_t node = 0;
    uint64_t rank = 0;
    for (Py_ssize_t k = 0; k < length; k++) {
        unsigned letter = shape->translate[idx[k]];
        if (letter >= MAX_LETTERS || node >= o->n_nodes)
            return -1;
        uint64_t mask = load64(o->masks + 8 * (size_t)node), bit = UINT64_C(1) << letter;
        if (!(mask & bit))
            return -1;
        uint64_t edge = (uint64_t)load32(o->first + 4 * (size_t)node) +
                        (uint64_t)__builtin_popcountll(mask & (bit - 1));
        if (edge >= o->n_edges)
            return -1;
        rank += load32(o->ranks + 4 * edge);
        node = load32(o->targets + 4 * edge);
    }
    if (node >= o->n_nodes || !(load64(o->masks + 8 * (size_t)node) & TERMINAL) ||
        rank >= o->n_words)
        return -1;
    return (int64_t)rank;
}

/* Whether graph g keeps tables by rank of what its searches find (other_rank_table,
 * word_cache): from its second search on (it has its walk records then), and only for
 * graphs of up to WORD_CACHE_RANKS words. */
static int
keeps_by_rank(const GraphObject *g)
{
    return g->walk != NULL && g->n_words > 0 && g->n_words <= WORD_CACHE_RANKS;
}

/* The searched graph's table of its words' ranks in `ranked` (GraphObject.other_ranks), or
 * NULL: not before the graph's second search (a one-shot command keeps nothing more), nor
 * for a graph of more than WORD_CACHE_RANKS words, nor without memory. Made afresh when the
 * other graph changes (known by its serial number, which no other Graph ever has: holding
 * the other graph instead could make a cycle of two graphs that nothing frees). solve()
 * with a word list of the user's reads each word's band by its rank in the language's own
 * graph: spelling the word there again for every board took a seventh of a 10x10 solve. */
static uint32_t *
other_rank_table(GraphObject *g, const GraphObject *ranked)
{
    if (ranked == NULL || !keeps_by_rank(g))
        return NULL;
    if (g->other_ranks != NULL && g->other_serial == ranked->serial)
        return g->other_ranks;
    PyMem_Free(g->other_ranks);
    g->other_ranks = PyMem_Calloc(g->n_words, sizeof(uint32_t));
    g->other_serial = ranked->serial;
    return g->other_ranks;
}

/* Whether the word of rank `rank` needs its letters for its band: bands by another graph's
 * rank, not yet in the table. */
static inline int
needs_letters(const Shape *shape, uint64_t rank)
{
    return shape->ranked != NULL && (shape->other_ranks == NULL || rank >= shape->n_ranks ||
                                     shape->other_ranks[rank] == 0);
}

/* The band of the word of rank `rank` (its letter numbers idx, unless its rank in the other
 * graph is known) in the bands by rank (shape->bands.buf is set): 1 to 4, or 0 for none. */
static int
band_by_rank(const Shape *shape, uint64_t rank, const unsigned char *idx, Py_ssize_t length)
{
    if (shape->ranked != NULL) {
        uint32_t *known = shape->other_ranks != NULL && rank < shape->n_ranks
                          ? &shape->other_ranks[rank] : NULL;
        int64_t other;
        if (known != NULL && *known != 0)
            other = (int64_t)*known - 2;
        else {
            other = rank_in(shape, idx, length);
            if (known != NULL && other < (int64_t)UINT32_MAX - 2)
                *known = (uint32_t)(other + 2);
        }
        if (other < 0)
            return 0;
        rank = (uint64_t)other;
    }
    if ((rank >> 2) >= (uint64_t)shape->bands.len)
        return 0;
    const unsigned char *data = shape->bands.buf;
    return ((data[rank >> 2] >> ((rank & 3) << 1)) & 3) + 1;
}

/* The band of the word of rank `rank` (its letter numbers idx, its str word): None, a
 * callable's answer, or its entry in the bands by rank (of the searched graph, or another). */
static PyObject *
entry_band(const Shape *shape, uint64_t rank, const unsigned char *idx, Py_ssize_t length,
           PyObject *word)
{
    if (shape->band == NULL || shape->band == Py_None)
        Py_RETURN_NONE;
    if (shape->bands.buf == NULL)
        return PyObject_CallOneArg(shape->band, word);
    int band = band_by_rank(shape, rank, idx, length);
    if (band == 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(band);
}

static PyObject *render_words(Search *s, const GraphObject *g, const Shape *shape, size_t n);

/* Whether o can be no part of a reference cycle: not a container the collector follows, or
 * an untracked one, or a tuple of such (the label (row, column) of a cell). CPython itself
 * stops tracking such tuples and dicts; a result of thousands of words would otherwise have
 * the collector walk them all again and again while it is built (a third of solve() on a
 * 10x10 board). */
static int
atomic(PyObject *o)
{
    if (!PyObject_IS_GC(o) || !PyObject_GC_IsTracked(o))
        return 1;
    if (!PyTuple_CheckExact(o))
        return 0;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(o); k++) {
        PyObject *item = PyTuple_GET_ITEM(o, k);
        if (PyObject_IS_GC(item) && PyObject_GC_IsTracked(item))
            return 0;
    }
    return 1;
}

/* Drop the n objects of an array (NULL items too) and free it. */
static void
release(PyObject **items, Py_ssize_t n)
{
    if (items == NULL)
        return;
    for (Py_ssize_t k = 0; k < n; k++)
        Py_XDECREF(items[k]);
    PyMem_Free(items);
}

/* The graph's strs of the words found so far, by rank (GraphObject.words), or NULL: not
 * before its second search (a command that searches one board, as most do, keeps no more
 * than before), nor without memory for the table (then every word is made afresh). The words
 * of random boards recur (a 4x4 board's 110 words are mostly common ones), and making each
 * str, then freeing it with the result, was a fifth of what a search cost beyond its walk.
 * At most WORD_CACHE_MAX strs are kept (some 4 MB), the first ones made, in a table of a
 * pointer a rank: of graphs of up to WORD_CACHE_RANKS words (32 MB of address space, only
 * the pages of found ranks ever touched; every real word list is far smaller). */
static PyObject **
word_cache(GraphObject *g)
{
    if (g->words == NULL && keeps_by_rank(g))
        g->words = PyMem_Calloc(g->n_words, sizeof(PyObject *));
    return g->words;
}

/* The key of the path cells[0..length) in a graph's kept paths (GraphObject.paths): its
 * cells seven bits each under its length, or 0 for a path that is not kept (over 8 cells, a
 * cell numbered 128 or more). (PATH_CACHE_CELLS keeps cells below 128.) */
static inline uint64_t
path_key(const int32_t *cells, size_t length)
{
    if (length > 8)
        return 0;
    uint64_t key = length, big = 0; /* 1 to 8 above the cells: never 0 */
    for (size_t j = 0; j < length; j++) {
        big |= (uint32_t)cells[j];
        key = key << 7 | ((uint64_t)cells[j] & 127);
    }
    return big < 128 ? key : 0;
}

void
elzzur_paths_forget(struct PathCache *cache)
{
    if (cache->slots != NULL)
        for (size_t k = 0; k < ((size_t)1 << PATH_CACHE_BITS); k++) {
            Py_CLEAR(cache->slots[k].path);
            cache->slots[k].key = 0;
        }
    cache->n = 0;
    cache->others = 0;
    Py_CLEAR(cache->labels);
}

/* Fill the empty tuple `path` (of length items) with the labels of cells[0..length). */
static void
fill_path(PyObject *path, const int32_t *cells, size_t length, PyObject *const *labels)
{
    for (size_t j = 0; j < length; j++) {
        PyObject *cell = labels[cells[j]];
        Py_INCREF(cell);
        PyTuple_SET_ITEM(path, (Py_ssize_t)j, cell);
    }
}

/* A new tuple of the labels of cells[0..length), or NULL with an exception; not tracked by
 * the collector if `plain` (its labels atomic: it can be part of no cycle). */
static PyObject *
new_path(const int32_t *cells, size_t length, PyObject *const *labels, int plain)
{
    PyObject *path = PyTuple_New((Py_ssize_t)length);
    if (path == NULL)
        return NULL;
    fill_path(path, cells, length, labels);
    if (plain)
        PyObject_GC_UnTrack(path);
    return path;
}

/* The path of cells[0..length) (whose path_key() is `key`, 0: not to be kept) as a tuple of
 * the cells' labels (each `labels[c]`: its number, or what solve() shows), or NULL with an
 * exception. From a graph's second search on, the paths of up to 8 cells on a board of up to
 * PATH_CACHE_CELLS are kept (cache, by path_key()) and the same tuple is handed out again:
 * the short paths of a board recur on every board of its shape (a 4x4 board has 2,172 of 3
 * or 4 cells), and making each tuple, then freeing it with the result, was an eighth of
 * find_words on 4x4 boards. At most PATH_CACHE_MAX are kept, the first ones made; their
 * labels are atomic (ints, (row, column) pairs), so the collector tracks none of them. */
static PyObject *
path_tuple(struct PathCache *cache, uint64_t key, const int32_t *cells, size_t length,
           PyObject *const *labels)
{
    size_t i = 0, mask = ((size_t)1 << PATH_CACHE_BITS) - 1;
    if (key != 0)
        for (i = slot(key, PATH_CACHE_BITS); cache->slots[i].key != 0; i = (i + 1) & mask)
            if (cache->slots[i].key == key) {
                Py_INCREF(cache->slots[i].path);
                return cache->slots[i].path;
            }
    PyObject *path = new_path(cells, length, labels, 1);
    if (path != NULL && key != 0 && cache->n < PATH_CACHE_MAX) { /* (the table is at most half full) */
        Py_INCREF(path);
        cache->slots[i].key = key;
        cache->slots[i].path = path;
        cache->n++;
    }
    return path;
}

/* Results with other labels after which a graph's kept paths of labels give way to them. */
#define LABELS_GIVE_WAY 64

/* The graph's kept paths for this result (GraphObject.paths), or NULL where paths are made
 * afresh: before the graph's second search, on boards of more than PATH_CACHE_CELLS cells,
 * for labels that are not a tuple of atomic items (`plain`: a list could change, and a path
 * of other labels could be part of a cycle), or without memory for the table. Paths of
 * labels are kept for one tuple of labels at a time (solve() gives one per board shape),
 * which gives way to another only once LABELS_GIVE_WAY results have had other labels since
 * it was last used: emptying the table takes some 30 us, and a program that mixes shapes,
 * using one of them often, keeps its paths. */
static struct PathCache *
kept_paths(GraphObject *g, const Search *s, PyObject *labels, int plain)
{
    if (g->walk == NULL || s->n_cells > PATH_CACHE_CELLS)
        return NULL;
    struct PathCache *cache = &g->paths[labels != NULL];
    if (labels != NULL) {
        if (!plain || !PyTuple_CheckExact(labels))
            return NULL;
        if (cache->labels != labels) {
            if (cache->labels != NULL && ++cache->others < LABELS_GIVE_WAY)
                return NULL;
            elzzur_paths_forget(cache);
            Py_INCREF(labels);
            cache->labels = labels;
        }
        cache->others = 0;
    }
    if (cache->slots == NULL)
        cache->slots = PyMem_Calloc((size_t)1 << PATH_CACHE_BITS, sizeof(struct PathSlot));
    return cache->slots != NULL ? cache : NULL;
}

/* --- tuples filled again ---------------------------------------------------------------- */

/* From a graph's second search on, find_words' result tuples, and its path tuples that the
 * kept paths do not hold, are held by the graph after it hands them out, for two searches.
 * One that nothing else holds any more (the caller dropped the list: at once, or when the
 * next result took its name) is emptied and filled again with a later result, as CPython's
 * zip() fills its last tuple again, rather than freed and made anew: making and freeing them
 * was a sixth of a 10x10 board's find_words. Where tuples are as they were up to 3.13: 3.14
 * keeps a tuple's hash in it, and a free-threaded build's reference count is not one number
 * to read. Only tuples of ints and strs, which the collector does not track. */
#if PY_VERSION_HEX < 0x030E0000 && !defined(Py_GIL_DISABLED)
#define REUSE_TUPLES 1
#else
#define REUSE_TUPLES 0
#endif
#define REUSE_MAX 16384   /* tuples of each kind held from one search: at most 65,536, some 5 MB */
#define REUSE_LONGEST 16  /* cells of the longest path filled again */

static void
handed_drop(struct Handed *h)
{
    for (Py_ssize_t k = 0; k < h->n; k++)
        Py_DECREF(h->tuples[k]);
    PyMem_Free(h->tuples);
    h->tuples = NULL;
    h->n = h->cap = 0;
}

/* Append t (a reference taken over) to h: 0, or -1 (t dropped) if it is full or no memory. */
static int
handed_take(struct Handed *h, PyObject *t)
{
    if (h->n == h->cap) {
        Py_ssize_t cap = h->cap ? 2 * h->cap : 256;
        PyObject **more = h->n < REUSE_MAX ? PyMem_Realloc(h->tuples, (size_t)cap * sizeof *more)
                                           : NULL;
        if (more == NULL) {
            Py_DECREF(t);
            return -1;
        }
        h->tuples = more;
        h->cap = cap;
    }
    h->tuples[h->n++] = t;
    return 0;
}

/* One search's tuples to fill: the empty ones, in lists linked through their first item (a
 * reference to nobody), the results' and the paths' by length; what this search hands out,
 * and what the last one handed out that is still held elsewhere. */
typedef struct {
    PyObject *results;
    PyObject *paths[REUSE_LONGEST + 1];
    struct Handed now[2], held[2];
} Reuse;

static void
reuse_push(PyObject **list, PyObject *t)
{
    PyTuple_SET_ITEM(t, 0, *list);
    *list = t;
}

static PyObject *
reuse_pop(PyObject **list)
{
    PyObject *t = *list;
    if (t != NULL) {
        *list = PyTuple_GET_ITEM(t, 0);
        PyTuple_SET_ITEM(t, 0, NULL);
    }
    return t;
}

/* Take the graph's held tuples: empty those held by nothing else into r's lists (the results
 * first, so that a path held only by its result is then free too); keep the last search's
 * others for the next search, and let the ones before go. */
static void
reuse_start(GraphObject *g, Reuse *r)
{
    memset(r, 0, sizeof *r);
    for (int kind = 0; kind < 2; kind++)
        for (int age = 0; age < 2; age++) {
            struct Handed h = g->handed[kind][age];
            memset(&g->handed[kind][age], 0, sizeof h); /* (a search run meanwhile finds none) */
            for (Py_ssize_t k = 0; k < h.n; k++) {
                PyObject *t = h.tuples[k];
                if (Py_REFCNT(t) == 1 && !PyObject_GC_IsTracked(t)) {
                    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++)
                        Py_CLEAR(PyTuple_GET_ITEM(t, i));
                    reuse_push(kind ? &r->paths[PyTuple_GET_SIZE(t)] : &r->results, t);
                } else if (age == 0)
                    handed_take(&r->held[kind], t);
                else
                    Py_DECREF(t);
            }
            PyMem_Free(h.tuples);
        }
}

/* Free what is left empty; the graph holds what this search handed out, and what the last one
 * handed out that is still held elsewhere. */
static void
reuse_end(GraphObject *g, Reuse *r)
{
    PyObject *t;
    while ((t = reuse_pop(&r->results)) != NULL)
        Py_DECREF(t);
    for (int length = 0; length <= REUSE_LONGEST; length++)
        while ((t = reuse_pop(&r->paths[length])) != NULL)
            Py_DECREF(t);
    for (int kind = 0; kind < 2; kind++) {
        handed_drop(&g->handed[kind][0]);
        handed_drop(&g->handed[kind][1]);
        g->handed[kind][0] = r->now[kind];
        g->handed[kind][1] = r->held[kind];
    }
}

/* The path of cells[0..length) as a tuple of the cells' labels, or NULL with an exception.
 * With r (NULL where tuples are not filled again), a path of up to REUSE_LONGEST cells is an
 * empty one filled again if r has one of that length, and held by the graph (r->now). */
static PyObject *
handed_path(Reuse *r, const int32_t *cells, size_t length, PyObject *const *labels, int plain)
{
    if (r == NULL || length > REUSE_LONGEST)
        return new_path(cells, length, labels, plain);
    PyObject *path = reuse_pop(&r->paths[length]);
    if (path != NULL)
        fill_path(path, cells, length, labels);
    else if ((path = new_path(cells, length, labels, plain)) == NULL)
        return NULL;
    Py_INCREF(path);
    handed_take(&r->now[1], path);
    return path;
}

/* An empty 3-tuple for a result, or NULL with an exception: with r, one filled again if r has
 * one, and held by the graph (r->now). */
static PyObject *
handed_result(Reuse *r)
{
    PyObject *item = r != NULL ? reuse_pop(&r->results) : NULL;
    if (item == NULL && (item = PyTuple_New(3)) == NULL)
        return NULL;
    if (r != NULL) {
        Py_INCREF(item);
        handed_take(&r->now[0], item);
    }
    return item;
}

static PyObject *
result_list(Search *s, GraphObject *g, const Shape *shape)
{
    /* The entries in the order asked for. */
    size_t n = s->n_entries;
    int sorted = n < 2 || bucket_sort(s) == 0 || radix_sort(s, 0) == 0;
    if (sorted && shape->by_score && n >= 2)
        sorted = score_sort(s) == 0 || radix_sort(s, 1) == 0;
    if (!sorted)
        sort_entries(s->entries, n, shape->by_score);
    if (shape->render)
        return render_words(s, g, shape, n);

    int ascii = 1;
    for (Py_ssize_t k = 0; k < g->n_letters; k++)
        ascii &= g->alphabet[k] < 128;
    Py_UCS4 *letters = PyMem_Malloc(((size_t)g->longest + 1) * (sizeof(Py_UCS4) + 1));
    if (letters == NULL)
        return PyErr_NoMemory();
    unsigned char *idx = (unsigned char *)(letters + g->longest + 1);
    PyObject **numbers = NULL; /* without labels: each cell's number */
    Reuse reuse, *r = NULL;    /* the tuples to fill again (reuse_start) */
    uint64_t *keys = NULL;     /* each path's key in the kept paths (path_key) */
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (list == NULL) {
        PyMem_Free(letters);
        return NULL;
    }
    PyObject **cache = word_cache(g);
    PyObject **labels = shape->labels ? PySequence_Fast_ITEMS(shape->labels) : NULL;
    /* paths of atomic labels (ints, (row, column) pairs) cannot be part of a cycle */
    int plain_paths = 1;
    if (labels != NULL)
        for (Py_ssize_t c = 0; c < s->n_cells && plain_paths; c++)
            plain_paths = atomic(labels[c]);
    else { /* the cells' numbers, made once rather than for every cell of every path */
        numbers = PyMem_Calloc((size_t)s->n_cells + 1, sizeof(PyObject *));
        if (numbers == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
        for (Py_ssize_t c = 0; c < s->n_cells; c++)
            if ((numbers[c] = PyLong_FromSsize_t(c)) == NULL)
                goto fail;
        labels = numbers;
    }
    if (REUSE_TUPLES && shape->record == NULL && plain_paths && g->walk != NULL) {
        reuse_start(g, &reuse);
        r = &reuse;
    }
    /* the kept paths, and each path's key there, worked out once */
    struct PathCache *paths = kept_paths(g, s, shape->labels, plain_paths);
    if (paths != NULL && (keys = PyMem_Malloc(n * sizeof(uint64_t) + 1)) != NULL)
        for (size_t k = 0; k < n; k++)
            keys[k] = path_key(s->arena + s->entries[k].path, s->entries[k].length);
    for (size_t k = 0; k < n; k++) {
        const Entry *e = &s->entries[k];
        if (cache != NULL) {
            /* the kept words are scattered in memory: ask for the one 8 entries on (and for
             * its place in the table 16 on) now, or waiting for each took a tenth of a 10x10
             * search and made the table slower than making the words afresh */
            if (k + 16 < n && e[16].key - 1 < g->n_words)
                __builtin_prefetch(&cache[e[16].key - 1]);
            if (k + 8 < n && e[8].key - 1 < g->n_words && cache[e[8].key - 1] != NULL)
                __builtin_prefetch(cache[e[8].key - 1], 1);
        }
        if (keys != NULL) { /* the same for the kept paths */
            if (k + 16 < n && keys[k + 16] != 0)
                __builtin_prefetch(&paths->slots[slot(keys[k + 16], PATH_CACHE_BITS)]);
            if (k + 8 < n && keys[k + 8] != 0) {
                const struct PathSlot *at = &paths->slots[slot(keys[k + 8], PATH_CACHE_BITS)];
                if (at->key == keys[k + 8])
                    __builtin_prefetch(at->path, 1);
            }
        }
        PyObject *path = keys != NULL
            ? path_tuple(paths, keys[k], s->arena + e->path, e->length, labels)
            : handed_path(r, s->arena + e->path, e->length, labels, plain_paths);
        if (path == NULL)
            goto fail;
        Py_ssize_t length = 0;
        uint64_t rank = e->key - 1;
        PyObject *word = cache != NULL && rank < g->n_words ? cache[rank] : NULL;
        if (word != NULL && !needs_letters(shape, rank))
            Py_INCREF(word);
        else {
            int keep = word == NULL && cache != NULL && rank < g->n_words &&
                       g->n_cached < WORD_CACHE_MAX;
            word = entry_word(s, g, e, idx, &length, letters, ascii);
            if (word != NULL && keep) {
                Py_INCREF(word);
                cache[rank] = word;
                g->n_cached++;
            }
        }
        PyObject *score = word ? PyLong_FromLongLong(e->score) : NULL;
        PyObject *band = NULL, *item = NULL;
        if (score != NULL) {
            if (shape->record == NULL)
                item = handed_result(r);
            else if ((band = entry_band(shape, e->key - 1, idx, length, word)) != NULL)
                item = shape->record->tp_alloc(shape->record, 0);
        }
        if (item == NULL) {
            Py_XDECREF(word);
            Py_XDECREF(score);
            Py_XDECREF(band);
            Py_DECREF(path);
            goto fail;
        }
        if (shape->record == NULL) {
            PyTuple_SET_ITEM(item, 0, word);
            PyTuple_SET_ITEM(item, 1, score);
            PyTuple_SET_ITEM(item, 2, path);
            if (plain_paths)
                PyObject_GC_UnTrack(item);
        } else { /* the slots of a fresh instance are NULL: no reference to drop */
            char *base = (char *)item;
            *(PyObject **)(base + shape->at_word) = word;
            *(PyObject **)(base + shape->at_score) = score;
            *(PyObject **)(base + shape->at_path) = path;
            *(PyObject **)(base + shape->at_band) = band;
            /* immutable (a Record), holding nothing that can lead back to it */
            if (plain_paths && atomic(band) && PyObject_IS_GC(item))
                PyObject_GC_UnTrack(item);
        }
        PyList_SET_ITEM(list, (Py_ssize_t)k, item);
    }
    if (r != NULL)
        reuse_end(g, r);
    PyMem_Free(letters);
    PyMem_Free(keys);
    release(numbers, s->n_cells);
    return list;
fail:
    if (r != NULL)
        reuse_end(g, r);
    PyMem_Free(letters);
    PyMem_Free(keys);
    release(numbers, s->n_cells);
    Py_DECREF(list); /* the unset slots are NULL, which list_dealloc skips */
    return NULL;
}

/* --- the words as text (render) --- */

typedef struct {
    char *buf;
    size_t len, cap;
} Text;

/* v in decimal into tmp (room for 20 characters), returning the number written. */
static int
decimal(int64_t v, char *tmp)
{
    char rev[20];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        rev[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    int k = 0;
    if (v < 0)
        tmp[k++] = '-';
    while (n)
        tmp[k++] = rev[--n];
    return k;
}

/* The words (sorted, compacted table entries e[0:n]) rendered with shape's template, and the
 * totals of all of them: (text, count, longest, total score). Its specification is
 * elzzur.grid.solver.fill_template. Each word's letters are spelt once, into letters[]; each
 * listed word's room is made at once, then written without further checks. */
static PyObject *
render_words(Search *s, const GraphObject *g, const Shape *shape, size_t n)
{
    PyObject *result = NULL, *total_obj = NULL;
    Text t = {NULL, 0, 0};
    const char **label = NULL;
    Py_ssize_t *label_len = NULL, *lengths = NULL;
    size_t stride = (size_t)g->longest + 1;
    unsigned char *letters = NULL;
    char utf8[64][4];
    int utf8_len[64];
    for (Py_ssize_t k = 0; k < g->n_letters; k++) {
        Py_UCS4 c = g->alphabet[k];
        char *o = utf8[k];
        if (c < 0x80) {
            o[0] = (char)c;
            utf8_len[k] = 1;
        } else if (c < 0x800) {
            o[0] = (char)(0xC0 | (c >> 6));
            o[1] = (char)(0x80 | (c & 0x3F));
            utf8_len[k] = 2;
        } else if (c < 0x10000) {
            o[0] = (char)(0xE0 | (c >> 12));
            o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
            o[2] = (char)(0x80 | (c & 0x3F));
            utf8_len[k] = 3;
        } else {
            o[0] = (char)(0xF0 | (c >> 18));
            o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
            o[2] = (char)(0x80 | ((c >> 6) & 0x3F));
            o[3] = (char)(0x80 | (c & 0x3F));
            utf8_len[k] = 4;
        }
    }
    /* every cell's label as UTF-8 */
    label = PyMem_Malloc((size_t)(s->n_cells + 1) * sizeof(char *));
    label_len = PyMem_Malloc((size_t)(s->n_cells + 1) * sizeof(Py_ssize_t));
    lengths = PyMem_Malloc((n + 1) * sizeof(Py_ssize_t));
    letters = n <= SIZE_MAX / stride ? PyMem_Malloc(n * stride + 1) : NULL;
    if (label == NULL || label_len == NULL || lengths == NULL || letters == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t widest_label = 0;
    PyObject **labels = PySequence_Fast_ITEMS(shape->labels);
    for (Py_ssize_t c = 0; c < s->n_cells; c++) {
        if ((label[c] = PyUnicode_AsUTF8AndSize(labels[c], &label_len[c])) == NULL)
            goto done;
        if (label_len[c] > widest_label)
            widest_label = label_len[c];
    }

    /* the totals of every word, and the column widths of the words listed */
    size_t listed = shape->top < 0 || (size_t)shape->top > n ? n : (size_t)shape->top;
    Py_ssize_t longest = 0, word_width = 0, score_width = 0;
    int64_t total = 0;
    int big = 0; /* the sum left int64: counted on in Python ints (total_obj) */
    for (size_t k = 0; k < n; k++) {
        const Entry *e = &s->entries[k];
        Py_ssize_t length = entry_letters(s, g, e, letters + k * stride);
        if (length < 0)
            goto done;
        lengths[k] = length;
        if (length > longest)
            longest = length;
        if (!big) {
            int64_t sum;
            if (!__builtin_add_overflow(total, e->score, &sum)) {
                total = sum;
            } else {
                big = 1;
                if ((total_obj = PyLong_FromLongLong(total)) == NULL)
                    goto done;
            }
        }
        if (big) {
            PyObject *score = PyLong_FromLongLong(e->score), *sum;
            if (score == NULL)
                goto done;
            sum = PyNumber_Add(total_obj, score);
            Py_DECREF(score);
            if (sum == NULL)
                goto done;
            Py_SETREF(total_obj, sum);
        }
        if (k < listed) {
            char tmp[24];
            Py_ssize_t digits = decimal(e->score, tmp);
            if (length > word_width)
                word_width = length;
            if (digits > score_width)
                score_width = digits;
        }
    }
    if (!big && (total_obj = PyLong_FromLongLong(total)) == NULL)
        goto done;
    word_width += 4;
    score_width += 4;

    const char *const *pc = shape->piece;
    const Py_ssize_t *pl = shape->piece_len;
    size_t fixed = 0; /* the pieces' bytes, and a band's */
    for (int k = 0; k < 8; k++)
        fixed += (size_t)pl[k];
    fixed += 24 + (size_t)(word_width + score_width);
    int by_rank = pc[BAND_NONE] != NULL && shape->bands.buf != NULL;
    int by_call = pc[BAND_NONE] != NULL && !by_rank && shape->band != NULL &&
                  shape->band != Py_None;
    for (size_t k = 0; k < listed; k++) {
        const Entry *e = &s->entries[k];
        Py_ssize_t length = lengths[k];
        const unsigned char *idx = letters + k * stride;
        size_t need = fixed + 4 * (size_t)length +
                      e->length * (size_t)(widest_label + pl[PATH_SEP]);
        if (reserve((void **)&t.buf, &t.cap, t.len + need, 1) < 0)
            goto nomem;
        char *w = t.buf + t.len;
#define WRITE(p, count) (memcpy(w, (p), (size_t)(count)), w += (count))
        if (k > 0)
            WRITE(pc[BETWEEN], pl[BETWEEN]);
        WRITE(pc[OPEN], pl[OPEN]);
        for (Py_ssize_t j = 0; j < length; j++) {
            const char *u = utf8[idx[j]];
            int m = utf8_len[idx[j]];
            *w++ = u[0];
            for (int b = 1; b < m; b++)
                *w++ = u[b];
        }
        if (shape->pad)
            for (Py_ssize_t j = length; j < word_width; j++)
                *w++ = ' ';
        WRITE(pc[AFTER_WORD], pl[AFTER_WORD]);
        char tmp[24];
        int digits = decimal(e->score, tmp);
        WRITE(tmp, digits);
        if (shape->pad)
            for (Py_ssize_t j = digits; j < score_width; j++)
                *w++ = ' ';
        WRITE(pc[AFTER_SCORE], pl[AFTER_SCORE]);
        for (size_t j = 0; j < e->length; j++) {
            int32_t cell = s->arena[e->path + j];
            if (j > 0)
                WRITE(pc[PATH_SEP], pl[PATH_SEP]);
            WRITE(label[cell], label_len[cell]);
        }
        WRITE(pc[AFTER_PATH], pl[AFTER_PATH]);
        t.len = (size_t)(w - t.buf);
        if (by_rank) {
            int band = band_by_rank(shape, e->key - 1, idx, length);
            if (band == 0)
                WRITE(pc[BAND_NONE], pl[BAND_NONE]);
            else
                *w++ = (char)('0' + band);
        } else if (by_call) { /* a callable takes the word as a str; its answer as str() */
            Py_UCS4 spelt[GRAPH_LONGEST + 1];
            for (Py_ssize_t j = 0; j < length && j <= GRAPH_LONGEST; j++)
                spelt[j] = g->alphabet[idx[j]];
            PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, spelt, length);
            PyObject *band = word ? PyObject_CallOneArg(shape->band, word) : NULL;
            Py_XDECREF(word);
            if (band == NULL)
                goto done;
            if (band == Py_None) {
                Py_DECREF(band);
                WRITE(pc[BAND_NONE], pl[BAND_NONE]);
            } else {
                PyObject *text = PyObject_Str(band);
                Py_DECREF(band);
                Py_ssize_t size = 0;
                const char *p = text ? PyUnicode_AsUTF8AndSize(text, &size) : NULL;
                if (p == NULL) {
                    Py_XDECREF(text);
                    goto done;
                }
                if (reserve((void **)&t.buf, &t.cap, t.len + (size_t)size + (size_t)pl[CLOSE],
                            1) < 0) {
                    Py_DECREF(text);
                    goto nomem;
                }
                w = t.buf + t.len;
                WRITE(p, size);
                Py_DECREF(text);
            }
        } else if (pc[BAND_NONE] != NULL) {
            WRITE(pc[BAND_NONE], pl[BAND_NONE]);
        }
        WRITE(pc[CLOSE], pl[CLOSE]);
#undef WRITE
        t.len = (size_t)(w - t.buf);
    }
    PyObject *text = PyUnicode_DecodeUTF8(t.buf ? t.buf : "", (Py_ssize_t)t.len, NULL);
    if (text != NULL)
        result = Py_BuildValue("(NnnO)", text, (Py_ssize_t)n, longest, total_obj);
    goto done;
nomem:
    PyErr_NoMemory();
done:
    Py_XDECREF(total_obj);
    PyMem_RawFree(t.buf);
    PyMem_Free(label);
    PyMem_Free(label_len);
    PyMem_Free(lengths);
    PyMem_Free(letters);
    return result;
}

/* --- Graph.search ------------------------------------------------------------------------ */

PyObject *
elzzur_Graph_search(GraphObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"cells", "points", "factors", "flags", "neighbours", "bonus",
                             "min_length", "revisit", "limit", "scale", "divisor", "prepared",
                             "labels", "record", "band", "by_score", "render", "pad", "top",
                             "seconds", NULL};
    PyObject *cells, *points, *factors, *flags, *neighbours, *bonus, *min_length_obj;
    PyObject *limit_obj = NULL, *scale_obj = Py_None, *labels_obj = Py_None;
    PyObject *record_obj = Py_None, *band_obj = Py_None, *render_obj = Py_None;
    PyObject *prepared_obj = Py_None;
    long long divisor = 1;
    int revisit = 0, by_score = 0, pad = 0;
    Py_ssize_t top = -1;
    double seconds = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOO|pOOLOOOOpOpnd:search", kwlist, &cells,
                                     &points, &factors, &flags, &neighbours, &bonus,
                                     &min_length_obj, &revisit, &limit_obj, &scale_obj,
                                     &divisor, &prepared_obj, &labels_obj, &record_obj,
                                     &band_obj, &by_score, &render_obj, &pad, &top, &seconds))
        return NULL;
    if (!(seconds >= 0) || seconds > 1e9) { /* NaN too; search.py: the same test */
        PyErr_SetString(PyExc_ValueError, "seconds must be a number from 0 (none) to 1e9");
        return NULL;
    }
    if (divisor < 1) {
        PyErr_SetString(PyExc_ValueError, "divisor must be at least 1");
        return NULL;
    }
    Shape shape;
    memset(&shape, 0, sizeof shape);
    shape.by_score = by_score;
    shape.top = top < 0 ? -1 : top;
    shape.pad = pad;
    if (render_obj != Py_None) {
        /* the template: eight str pieces (the sixth may be None: no band field), and labels */
        if (!PyTuple_Check(render_obj) || PyTuple_GET_SIZE(render_obj) != 8 ||
            record_obj != Py_None || labels_obj == Py_None) {
            PyErr_SetString(PyExc_TypeError, "render must be a tuple of 8 pieces, with labels "
                            "and without record");
            return NULL;
        }
        for (int k = 0; k < 8; k++) {
            PyObject *item = PyTuple_GET_ITEM(render_obj, k);
            if (k == BAND_NONE && item == Py_None)
                continue;
            if (!PyUnicode_Check(item)) {
                PyErr_Format(PyExc_TypeError, "render[%d] must be a str", k);
                return NULL;
            }
            if ((shape.piece[k] = PyUnicode_AsUTF8AndSize(item, &shape.piece_len[k])) == NULL)
                return NULL;
        }
        shape.render = 1;
    }
    if (record_obj != Py_None) {
        if (!PyType_Check(record_obj)) {
            PyErr_Format(PyExc_TypeError, "record must be a class, not %.100s",
                         Py_TYPE(record_obj)->tp_name);
            return NULL;
        }
        shape.record = (PyTypeObject *)record_obj;
        if ((shape.at_word = elzzur_slot_offset(shape.record, "word")) < 0 ||
            (shape.at_score = elzzur_slot_offset(shape.record, "score")) < 0 ||
            (shape.at_path = elzzur_slot_offset(shape.record, "path")) < 0 ||
            (shape.at_band = elzzur_slot_offset(shape.record, "band")) < 0)
            return NULL;
    } else if (band_obj != Py_None && !shape.render) {
        PyErr_SetString(PyExc_TypeError, "band is a field of record: give record too");
        return NULL;
    }
    if (band_obj != Py_None) {
        PyObject *data = band_obj;
        if (PyTuple_Check(band_obj)) { /* (graph, bands): bands by rank in another graph */
            if (PyTuple_GET_SIZE(band_obj) != 2 ||
                !PyObject_TypeCheck(PyTuple_GET_ITEM(band_obj, 0), Py_TYPE(self))) {
                PyErr_SetString(PyExc_TypeError, "band as a tuple must be (Graph, bands)");
                return NULL;
            }
            shape.ranked = (const GraphObject *)PyTuple_GET_ITEM(band_obj, 0);
            data = PyTuple_GET_ITEM(band_obj, 1);
            memset(shape.translate, 255, sizeof shape.translate);
            for (Py_ssize_t i = 0; i < self->n_letters; i++)
                for (Py_ssize_t j = 0; j < shape.ranked->n_letters; j++)
                    if (shape.ranked->alphabet[j] == self->alphabet[i])
                        shape.translate[i] = (unsigned char)j;
        }
        if ((data == band_obj && PyCallable_Check(band_obj)) ? 0 :
            PyObject_GetBuffer(data, &shape.bands, PyBUF_SIMPLE) < 0) {
            PyErr_Format(PyExc_TypeError, "band must be None, a callable, a bytes-like object "
                         "or (Graph, bytes-like), not %.100s", Py_TYPE(band_obj)->tp_name);
            return NULL;
        }
        shape.band = band_obj;
    }

    PyObject *result = NULL;
    Search *s = NULL;
    /* prepared=(table, class): cells are a board's Cells (of that class), each looked up by its
     * kind in the table of prepared rows (cells.c), and points, factors and flags are not
     * read; None if a cell is not found there (the Python loop prepares it). The rows are held
     * while the search reads them. */
    PyObject **rows = NULL;
    Py_ssize_t n_rows = 0;
    if (prepared_obj != Py_None) {
        if (!PyTuple_Check(prepared_obj) || PyTuple_GET_SIZE(prepared_obj) != 2 ||
            !PyDict_Check(PyTuple_GET_ITEM(prepared_obj, 0)) ||
            !PyType_Check(PyTuple_GET_ITEM(prepared_obj, 1))) {
            PyErr_SetString(PyExc_TypeError, "prepared must be (dict, class)");
            goto done;
        }
        Py_ssize_t n = PyTuple_Check(cells) ? PyTuple_GET_SIZE(cells) : 0;
        if ((rows = PyMem_Malloc((size_t)n * sizeof(PyObject *) + 1)) == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        int found = elzzur_cell_row_items(cells, PyTuple_GET_ITEM(prepared_obj, 0),
                                          (PyTypeObject *)PyTuple_GET_ITEM(prepared_obj, 1),
                                          rows);
        if (found <= 0) {
            if (found == 0) {
                Py_INCREF(Py_None);
                result = Py_None;
            }
            goto done;
        }
        for (n_rows = 0; n_rows < n; n_rows++)
            Py_INCREF(rows[n_rows]);
    }
    if ((s = take_search(self)) == NULL)
        goto done;
    s->masks = self->masks;
    s->first = self->first;
    s->targets = self->targets;
    s->ranks = self->ranks;
    s->n_nodes = self->n_nodes;
    s->n_edges = self->n_edges;
    /* A path of L edges in an acyclic graph passes L + 1 distinct nodes. */
    s->max_length = self->n_nodes == 0 ? 0
                    : self->longest < self->n_nodes - 1 ? self->longest : self->n_nodes - 1;
    s->revisit = revisit;
    s->seconds = seconds;
    /* bonus, scale and the path being walked: an entry for each length a path can have */
    size_t lengths = (size_t)s->max_length + 1;
    if (s->lengths_cap < lengths) {
        s->lengths_cap = 0;
        if (room((void **)&s->bonus, lengths, sizeof(int64_t)) < 0 ||
            room((void **)&s->scale_buf, lengths, sizeof(int64_t)) < 0 ||
            room((void **)&s->path, lengths, sizeof(int32_t)) < 0) {
            PyErr_NoMemory();
            goto done;
        }
        s->lengths_cap = lengths;
    }

    long long limit = 0;
    /* The graph's records for the walk, made at its second search (a command that searches one
     * board, as most do, needs no more memory than before), zeroed: the memory is only used
     * (its pages only touched) as edges are taken. */
    if (self->walk == NULL && self->n_edges > 0 && self->searches++ > 0) {
        if (self->n_edges > WALK_BAD - 2) { /* first + 1 must stay below WALK_BAD */
            PyErr_SetString(PyExc_ValueError, "word graph too large");
            goto done;
        }
        self->walk = PyMem_RawCalloc(self->n_edges, sizeof(WalkEdge));
        if (self->walk == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    s->edges = self->walk;
    if (to_clamped(min_length_obj, "min_length", &s->min_length) < 0 ||
        (limit_obj != NULL && to_clamped(limit_obj, "limit", &limit) < 0))
        goto done;
    /* search.py: `if limit and steps > limit`, so a negative limit stops at the first step. */
    s->limit = limit == 0 ? UINT64_MAX : limit < 0 ? 0 : (uint64_t)limit;

    /* The graph's own longest word sets the size of bonus[], as documented; only the entries
     * a consistent graph can reach (max_length) are used. */
    Py_ssize_t have = PySequence_Size(bonus);
    if (have < 0)
        goto done;
    if ((uint64_t)have < (uint64_t)self->longest + 1) {
        PyErr_Format(PyExc_ValueError, "bonus has %zd entries, the graph needs %llu (longest + 1)",
                     have, (unsigned long long)self->longest + 1);
        goto done;
    }
    if (convert(self, s, rows, n_rows, cells, points, factors, flags, neighbours, bonus) < 0)
        goto done;
    s->divisor = divisor;
    if (scale_obj != Py_None) {
        /* the length multiplier, like bonus: an entry for every reachable length */
        Py_ssize_t count = PySequence_Size(scale_obj);
        if (count < 0)
            goto done;
        if ((uint64_t)count < (uint64_t)self->longest + 1) {
            PyErr_Format(PyExc_ValueError, "scale has %zd entries, the graph needs %llu",
                         count, (unsigned long long)self->longest + 1);
            goto done;
        }
        for (size_t k = 0; k <= s->max_length; k++) {
            PyObject *item = PySequence_GetItem(scale_obj, (Py_ssize_t)k);
            if (item == NULL)
                goto done;
            int bad = to_int64(item, &s->scale_buf[k]);
            Py_DECREF(item);
            if (bad)
                goto done;
        }
        s->scale = s->scale_buf;
    }
    /* Sized for the words a board of this many cells usually has (about 7 a cell on 4x4
     * English boards, 15 on 10x10), at most half full: regrowing it as words come (each time
     * a new zeroed table and every entry moved) took a tenth of a 10x10 search. Large boards
     * start at 2**16 slots and grow from there. Zeroed here, only the slots in use: a kept
     * table may be larger. */
    s->table_bits = 8;
    while (s->table_bits < 16 && ((size_t)1 << s->table_bits) < (size_t)s->n_cells * 32)
        s->table_bits++;
    s->table_size = (size_t)1 << s->table_bits;
    if (empty_table(s, s->table_size) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    /* Room for the words the table holds before it grows, and for their paths (some 6 cells
     * each), so that neither is copied again and again as it fills: not zeroed, so only what
     * is used is touched. */
    if (reserve((void **)&s->entries, &s->entries_cap, s->table_size / 2, sizeof(Entry)) < 0 ||
        reserve((void **)&s->arena, &s->arena_cap, s->table_size * 3, sizeof(int32_t)) < 0) {
        PyErr_NoMemory();
        goto done;
    }

    if (labels_obj != Py_None) {
        shape.labels = PySequence_Fast(labels_obj, "labels must be a sequence");
        if (shape.labels == NULL)
            goto done;
        if (PySequence_Fast_GET_SIZE(shape.labels) != s->n_cells) {
            PyErr_Format(PyExc_ValueError, "labels has %zd entries for %zd cells",
                         PySequence_Fast_GET_SIZE(shape.labels), s->n_cells);
            goto done;
        }
    }

    int err;
    Py_BEGIN_ALLOW_THREADS
    err = walk_board(s);
    Py_END_ALLOW_THREADS

    switch (err) {
    case DONE:
        spelling(s, self);
        shape.other_ranks = other_rank_table(self, shape.ranked);
        shape.n_ranks = self->n_words;
        result = result_list(s, self, &shape);
        break;
    case ERR_MEMORY:
        PyErr_NoMemory();
        break;
    case ERR_LIMIT: {
        /* search.py raises SearchLimit(steps) */
        PyObject *steps = PyLong_FromUnsignedLongLong(s->steps);
        if (steps != NULL) {
            /* or SearchTimeout(steps), its subclass, when the time was up */
            PyErr_SetObject(s->timed_out ? elzzur_SearchTimeout : elzzur_SearchLimit, steps);
            Py_DECREF(steps);
        }
        break;
    }
    case ERR_OVERFLOW:
        PyErr_SetString(PyExc_OverflowError, "score too large");
        break;
    default:
        PyErr_SetString(PyExc_ValueError,
                        "word graph is corrupt (an edge out of range, or a word too long)");
        break;
    }
done:
    give_back(self, s);
    Py_XDECREF(shape.labels);
    if (shape.bands.buf != NULL)
        PyBuffer_Release(&shape.bands);
    release(rows, n_rows);
    return result;
}
