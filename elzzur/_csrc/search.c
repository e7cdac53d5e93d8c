/*
 * elzzur/_csrc/search.c: Graph.search, the board search of elzzur/grid/search.py in C.
 *
 * The specification is elzzur/grid/search.py (the search) and elzzur/lexicon/graph.py (the word
 * graph format); this file must give exactly the answers of its search(), only faster.
 * Anything that changes there changes here. Its counterparts:
 *   elzzur_Graph_search   search(): the arguments, the three phases below, the errors;
 *   convert, convert_alternatives, add_move, to_int64, to_clamped
 *                         what search() reads from its arguments as it goes, read once; the
 *                         tests of visit() and enter() that never change during a search (the
 *                         cell itself, START_ONLY, an alternative without letters) are settled
 *                         in advance in each cell's list of moves;
 *   walk_board            the loop over start cells and visit(): the recursion as a loop;
 *   enter                 enter() for one alternative, with walk() (the letters, the step
 *                         limit) inside it;
 *   record                the update of `best` in enter();
 *   sort_entries, spell, result_list
 *                         the final sorted(best.items()); a word is spelt from its cells'
 *                         letters as search() does, or from its rank where a cell has two
 *                         readings (search() keeps the letters of the path instead).
 *
 * A call works in three phases:
 *   1. convert the Python arguments once into flat C arrays (validating everything, so the
 *      search itself cannot index out of bounds whatever the caller passed);
 *   2. walk the board depth first without the GIL, with an explicit stack rather than C
 *      recursion, so a deep (revisit) search or a corrupt graph cannot overflow the C stack;
 *   3. turn the table of best paths into the Python list.
 * Everything allocated belongs to the call and is freed before it returns.
 */

#include "core.h"

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

/* A cell on the current path (or the root, frames[0]): the state after entering it, as
 * search.py passes it to visit(), and how far its moves have been tried. */
typedef struct {
    uint64_t mask;           /* masks[node]: the letters that can follow */
    uint64_t rank;
    int64_t total, factor;
    size_t next, end;        /* moves[next:end] are still to be tried */
    uint32_t node, length;
    int32_t cell;
    unsigned char overflow;  /* total or factor no longer fits in int64 */
    unsigned char was_used;  /* used[cell] before this entry, restored on leaving */
} Frame;

/* The best score of one word and where its path is kept. */
typedef struct {
    uint64_t key;     /* rank + 1, so that 0 marks an empty slot */
    int64_t score;
    size_t path;      /* offset in Search.arena */
    size_t length;    /* cells in the path */
} Entry;

/* Why the walk stopped early; turned into an exception once the GIL is held again. */
enum { DONE = 0, ERR_MEMORY, ERR_LIMIT, ERR_OVERFLOW, ERR_CORRUPT };

typedef struct {
    /* the graph */
    const unsigned char *masks, *first, *targets, *ranks;
    uint32_t n_nodes, n_edges;
    uint32_t max_length;    /* no path of a consistent graph spells more letters */

    /* the board, as flat arrays */
    Py_ssize_t n_cells;
    Alt *alts;
    size_t n_alts, alts_cap;
    unsigned char *letters;
    size_t n_letters, letters_cap;
    size_t *alt_first;      /* cell i's alternatives are alts[alt_first[i]:alt_first[i+1]] */
    int64_t *factors;
    unsigned char *end_only;
    Move *moves;            /* each cell's moves, then the start moves (every alternative) */
    size_t n_moves, moves_cap;
    size_t *move_first;     /* cell i's moves are moves[move_first[i]:move_first[i+1]] */
    int64_t *bonus;         /* max_length + 1 entries */
    int64_t *scale;         /* max_length + 1 entries, or NULL: the length multiplier */
    int64_t divisor;        /* of the length multiplier, >= 1 */
    long long min_length;
    int revisit;
    uint64_t limit;         /* UINT64_MAX: none */

    /* the walk */
    unsigned char *used;
    Frame *frames;
    int32_t *path;          /* path[d] is the cell of frames[d + 1], or the cell just entered */
    size_t stack_cap;       /* of both */
    uint64_t steps;

    /* the words found: an open-addressing table by rank, their paths in an arena */
    Entry *table;
    size_t table_size, table_count; /* size is 2**table_bits, at most half full */
    unsigned table_bits;
    int32_t *arena;
    size_t arena_len, arena_cap;
} Search;

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

static void
search_free(Search *s)
{
    PyMem_RawFree(s->alts);
    PyMem_RawFree(s->letters);
    PyMem_RawFree(s->alt_first);
    PyMem_RawFree(s->factors);
    PyMem_RawFree(s->end_only);
    PyMem_RawFree(s->moves);
    PyMem_RawFree(s->move_first);
    PyMem_RawFree(s->bonus);
    PyMem_RawFree(s->scale);
    PyMem_RawFree(s->used);
    PyMem_RawFree(s->frames);
    PyMem_RawFree(s->path);
    PyMem_RawFree(s->table);
    PyMem_RawFree(s->arena);
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

static int
add_move(Search *s, int32_t cell, size_t alt)
{
    if (reserve((void **)&s->moves, &s->moves_cap, s->n_moves + 1, sizeof(Move)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    Move *m = &s->moves[s->n_moves++];
    m->bit = UINT64_C(1) << s->letters[s->alts[alt].letters];
    m->cell = cell;
    m->alt = (int32_t)alt;
    return 0;
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

/* Fill s from the arguments: 0, or -1 with an exception set. */
static int
convert(Search *s, PyObject *cells, PyObject *points, PyObject *factors, PyObject *flags,
        PyObject *neighbours, PyObject *bonus)
{
    int result = -1;
    PyObject *c = NULL, *p = NULL, *f = NULL, *fl = NULL, *nb = NULL;
    int64_t *flag_values = NULL;

    if (!(c = PySequence_Fast(cells, "cells must be a sequence")) ||
        !(p = PySequence_Fast(points, "points must be a sequence")) ||
        !(f = PySequence_Fast(factors, "factors must be a sequence")) ||
        !(fl = PySequence_Fast(flags, "flags must be a sequence")) ||
        !(nb = PySequence_Fast(neighbours, "neighbours must be a sequence")))
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(c);
    if (PySequence_Fast_GET_SIZE(p) != n || PySequence_Fast_GET_SIZE(f) != n ||
        PySequence_Fast_GET_SIZE(fl) != n || PySequence_Fast_GET_SIZE(nb) != n) {
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
    s->n_cells = n;
    size_t cells_n = (size_t)n;
    s->alt_first = PyMem_RawMalloc((cells_n + 1) * sizeof(size_t));
    s->move_first = PyMem_RawMalloc((cells_n + 1) * sizeof(size_t));
    s->factors = PyMem_RawMalloc((cells_n + 1) * sizeof(int64_t));
    flag_values = PyMem_RawMalloc((cells_n + 1) * sizeof(int64_t));
    s->end_only = PyMem_RawMalloc(cells_n + 1);
    s->used = PyMem_RawCalloc(cells_n + 1, 1);
    if (!s->alt_first || !s->move_first || !s->factors || !flag_values || !s->end_only ||
        !s->used) {
        PyErr_NoMemory();
        goto done;
    }

    for (Py_ssize_t i = 0; i < n; i++) {
        s->alt_first[i] = s->n_alts;
        if (convert_alternatives(s, i, PySequence_Fast_GET_ITEM(c, i),
                                 PySequence_Fast_GET_ITEM(p, i)) < 0 ||
            to_int64(PySequence_Fast_GET_ITEM(f, i), &s->factors[i]) < 0 ||
            to_int64(PySequence_Fast_GET_ITEM(fl, i), &flag_values[i]) < 0)
            goto done;
        s->end_only[i] = (flag_values[i] & END_ONLY) != 0;
    }
    s->alt_first[n] = s->n_alts;

    /* Each cell's moves. What search.py skips for reasons that never change during a search
     * (the cell itself, a START_ONLY cell, a cell without letters) is left out here, so the
     * walk has only used[] to test. */
    for (Py_ssize_t i = 0; i < n; i++) {
        s->move_first[i] = s->n_moves;
        PyObject *list = PySequence_Fast(PySequence_Fast_GET_ITEM(nb, i),
                                         "neighbours[i] must be a sequence of cell indices");
        if (list == NULL)
            goto done;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(list);
        for (Py_ssize_t k = 0; k < m; k++) {
            Py_ssize_t j = PyNumber_AsSsize_t(PySequence_Fast_GET_ITEM(list, k),
                                              PyExc_OverflowError);
            if (j == -1 && PyErr_Occurred()) {
                if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
                    Py_DECREF(list);
                    goto done;
                }
                PyErr_Clear(); /* a huge index: reported as out of range just below */
            }
            if (j < 0 || j >= n) {
                PyErr_Format(PyExc_ValueError, "neighbours[%zd] has a cell out of range", i);
                Py_DECREF(list);
                goto done;
            }
            if (j == i || (flag_values[j] & START_ONLY))
                continue;
            for (size_t a = s->alt_first[j]; a < s->alt_first[j + 1]; a++)
                if (add_move(s, (int32_t)j, a) < 0) {
                    Py_DECREF(list);
                    goto done;
                }
        }
        Py_DECREF(list);
    }
    s->move_first[n] = s->n_moves;
    /* The start moves: every alternative of every cell, START_ONLY or not. */
    for (Py_ssize_t i = 0; i < n; i++)
        for (size_t a = s->alt_first[i]; a < s->alt_first[i + 1]; a++)
            if (add_move(s, (int32_t)i, a) < 0)
                goto done;

    /* bonus[n] for every length a consistent graph can reach (the caller checked that bonus
     * has the graph's longest + 1 entries; those past max_length are neither read nor
     * converted, as search.py would not read them). */
    s->bonus = PyMem_RawMalloc(((size_t)s->max_length + 1) * sizeof(int64_t));
    if (s->bonus == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t k = 0; k <= s->max_length; k++) {
        PyObject *item = PySequence_GetItem(bonus, (Py_ssize_t)k);
        if (item == NULL)
            goto done;
        int bad = to_int64(item, &s->bonus[k]);
        Py_DECREF(item);
        if (bad)
            goto done;
    }

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
    PyMem_RawFree(flag_values);
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
    for (;;) {
        e = &s->table[i];
        if (e->key == key) {
            if (score <= e->score)
                return DONE;
            e->score = score;
            if (cells <= e->length) { /* the old path's room is enough */
                memcpy(s->arena + e->path, s->path, cells * sizeof(int32_t));
                e->length = cells;
                return DONE;
            }
            break;
        }
        if (e->key == 0) {
            e->key = key;
            e->score = score;
            s->table_count++;
            break;
        }
        i = (i + 1) & mask;
    }
    /* A new word, or a longer best path: append the path to the arena. */
    if (reserve((void **)&s->arena, &s->arena_cap, s->arena_len + cells, sizeof(int32_t)) < 0)
        return ERR_MEMORY;
    memcpy(s->arena + s->arena_len, s->path, cells * sizeof(int32_t));
    e->path = s->arena_len;
    e->length = cells;
    s->arena_len += cells;

    if (s->table_count * 2 > s->table_size) { /* keep probes short: rehash at half full */
        size_t size = s->table_size * 2;
        Entry *table = PyMem_RawCalloc(size, sizeof(Entry));
        if (table == NULL)
            return ERR_MEMORY;
        for (size_t k = 0; k < s->table_size; k++) {
            Entry *old = &s->table[k];
            if (old->key == 0)
                continue;
            size_t j = slot(old->key, s->table_bits + 1);
            while (table[j].key != 0)
                j = (j + 1) & (size - 1);
            table[j] = *old;
        }
        PyMem_RawFree(s->table);
        s->table = table;
        s->table_size = size;
        s->table_bits++;
    }
    return DONE;
}

/* search.py's enter() for one alternative: from the state `from` (frames[top]), walk the
 * move's letters, score the word if one ends there, and if the path can go on, fill
 * frames[top + 1] for it. The cell goes to path[top]. Returns 1 if a frame was filled, 0 if
 * not, or -ERR_... . The caller has made room for frames[top + 1] and path[top]. */
static inline int
enter(Search *s, const Frame *from, const Move *move, size_t top)
{
    const Alt *alt = &s->alts[move->alt];
    const unsigned char *letters = s->letters + alt->letters;
    uint64_t mask = from->mask, rank = from->rank;
    uint32_t node = from->node;

    for (uint32_t k = 0; k < alt->length; k++) {
        uint64_t bit = UINT64_C(1) << letters[k]; /* letters < 63: never the TERMINAL bit */
        if (!(mask & bit))
            return 0;
        /* A node's edges are consecutive in letter order: skip those of lower letters. */
        uint64_t edge = (uint64_t)load32(s->first + 4 * (size_t)node) +
                        (uint64_t)__builtin_popcountll(mask & (bit - 1));
        if (edge >= s->n_edges)
            return -ERR_CORRUPT;
        rank += load32(s->ranks + 4 * edge);
        node = load32(s->targets + 4 * edge);
        if (node >= s->n_nodes)
            return -ERR_CORRUPT;
        mask = load64(s->masks + 8 * (size_t)node);
    }
    if (++s->steps > s->limit)
        return -ERR_LIMIT;

    /* An acyclic graph whose words have at most `longest` letters has no longer path; a
     * corrupt one might (even a cycle), and bonus[] has no entry for it. */
    uint64_t length = (uint64_t)from->length + alt->length;
    if (length > s->max_length)
        return -ERR_CORRUPT;

    /* Scores are int64, in search.py too (which checks its Python ints against the same
     * range): an overflow is remembered and only reported if the score of a word needs the
     * value. */
    int32_t cell = move->cell;
    int64_t total, factor;
    unsigned char overflow = from->overflow;
    overflow |= __builtin_add_overflow(from->total, alt->points, &total);
    overflow |= __builtin_mul_overflow(from->factor, s->factors[cell], &factor);

    s->path[top] = cell;
    if ((mask & TERMINAL) && (long long)length >= s->min_length) {
        int64_t score;
        if (overflow || __builtin_mul_overflow(total, factor, &score) ||
            (s->scale != NULL && __builtin_mul_overflow(score, s->scale[length], &score)))
            return -ERR_OVERFLOW;
        if (s->divisor != 1) { /* Python's // rounds down, C's / towards zero */
            int64_t q = score / s->divisor;
            if (score % s->divisor != 0 && score < 0)
                q--;
            score = q;
        }
        if (__builtin_add_overflow(score, s->bonus[length], &score))
            return -ERR_OVERFLOW;
        int err = record(s, rank, score, top);
        if (err)
            return -err;
    }
    size_t next = s->move_first[cell], end = s->move_first[cell + 1];
    if (!(mask & ~TERMINAL) || s->end_only[cell] || next == end)
        return 0; /* nothing can follow, so used[cell] need not even be set */

    Frame *f = &s->frames[top + 1];
    f->mask = mask;
    f->rank = rank;
    f->total = total;
    f->factor = factor;
    f->next = next;
    f->end = end;
    f->node = node;
    f->length = (uint32_t)length;
    f->cell = cell;
    f->overflow = overflow;
    f->was_used = s->used[cell];
    s->used[cell] = 1;
    return 1;
}

static int
grow_stack(Search *s, size_t need)
{
    size_t frames_cap = s->stack_cap, path_cap = s->stack_cap;
    if (reserve((void **)&s->frames, &frames_cap, need, sizeof(Frame)) < 0 ||
        reserve((void **)&s->path, &path_cap, need, sizeof(int32_t)) < 0)
        return -1;
    s->stack_cap = frames_cap; /* path_cap grew by the same rule from the same size */
    return 0;
}

/* Depth first: start cells in order, then each cell's moves in order, which is the order of
 * search.py's recursion (it decides which of equally scored paths is kept). frames[0] is the
 * root, whose moves are the start moves; frames[top] is the cell the path ends at. */
static int
walk_board(Search *s)
{
    if (grow_stack(s, 2) < 0)
        return ERR_MEMORY;
    Frame *root = &s->frames[0];
    memset(root, 0, sizeof *root);
    root->mask = s->n_nodes ? load64(s->masks) : 0;
    root->factor = 1;
    root->next = s->move_first[s->n_cells];
    root->end = s->n_moves;
    root->cell = -1;

    size_t top = 0;
    for (;;) {
        Frame *f = &s->frames[top];
        const Move *move = s->moves + f->next, *end = s->moves + f->end;
        int r = 0;
        for (; move < end; move++) {
            /* used[] is all zero at the root, so its moves pass this test unharmed. */
            if (!(f->mask & move->bit) || (s->used[move->cell] && !s->revisit))
                continue;
            r = enter(s, f, move, top);
            if (r < 0)
                return -r;
            if (r)
                break;
        }
        if (r) { /* descend; come back to the move after this one */
            f->next = (size_t)(move + 1 - s->moves);
            top++;
            if (top + 2 > s->stack_cap && grow_stack(s, top + 2) < 0)
                return ERR_MEMORY;
            continue;
        }
        if (top == 0)
            return DONE;
        s->used[f->cell] = f->was_used;
        top--;
    }
}

/* --- phase 3: the result ---------------------------------------------------------------- */

static void
swap_entries(Entry *a, Entry *b)
{
    Entry t = *a;
    *a = *b;
    *b = t;
}

/* Sort by rank (keys are distinct). A small quicksort: libc's qsort, through its comparison
 * callback, took a tenth of a 4x4 search. */
static void
sort_entries(Entry *e, size_t n)
{
    while (n > 16) {
        /* median of three to the front as the pivot */
        size_t mid = n / 2;
        if (e[mid].key < e[0].key)
            swap_entries(&e[mid], &e[0]);
        if (e[n - 1].key < e[0].key)
            swap_entries(&e[n - 1], &e[0]);
        if (e[n - 1].key < e[mid].key)
            swap_entries(&e[n - 1], &e[mid]);
        swap_entries(&e[0], &e[mid]);
        uint64_t pivot = e[0].key;
        size_t i = 1, j = n - 1;
        for (;;) {
            while (i <= j && e[i].key < pivot)
                i++;
            while (e[j].key > pivot)
                j--;
            if (i >= j)
                break;
            swap_entries(&e[i++], &e[j--]);
        }
        swap_entries(&e[0], &e[j]);
        /* recurse into the smaller side, loop on the larger: log n deep at most */
        if (j < n - j - 1) {
            sort_entries(e, j);
            e += j + 1;
            n -= j + 1;
        } else {
            sort_entries(e + j + 1, n - j - 1);
            n = j;
        }
    }
    for (size_t i = 1; i < n; i++) {
        Entry t = e[i];
        size_t j = i;
        for (; j > 0 && e[j - 1].key > t.key; j--)
            e[j] = e[j - 1];
        e[j] = t;
    }
}

/* Spell the word of rank `rank` into buf (room for g->longest letters): from the root, take
 * the last edge whose rank does not exceed what is left of it, until a word ends with nothing
 * left. Returns the number of letters, or -1 for a graph that does not add up. */
static Py_ssize_t
spell(const GraphObject *g, uint64_t rank, Py_UCS4 *buf)
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
        buf[length++] = g->alphabet[letter];
        rank -= load32(g->ranks + 4 * (size_t)(edge + chosen));
        node = load32(g->targets + 4 * (size_t)(edge + chosen));
    }
}

static PyObject *
result_list(Search *s, const GraphObject *g)
{
    /* Compact the table in place to its entries, ordered by rank. */
    size_t n = 0;
    for (size_t k = 0; k < s->table_size; k++)
        if (s->table[k].key != 0)
            s->table[n++] = s->table[k];
    sort_entries(s->table, n);

    Py_UCS4 *letters = PyMem_Malloc(((size_t)g->longest + 1) * sizeof(Py_UCS4));
    if (letters == NULL)
        return PyErr_NoMemory();
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (list == NULL) {
        PyMem_Free(letters);
        return NULL;
    }
    for (size_t k = 0; k < n; k++) {
        const Entry *e = &s->table[k];
        PyObject *path = PyTuple_New((Py_ssize_t)e->length);
        if (path == NULL)
            goto fail;
        for (size_t j = 0; j < e->length; j++) {
            PyObject *cell = PyLong_FromLong(s->arena[e->path + j]);
            if (cell == NULL) {
                Py_DECREF(path);
                goto fail;
            }
            PyTuple_SET_ITEM(path, (Py_ssize_t)j, cell);
        }
        /* Where every cell of the path has one way to be read, the word is their letters;
         * only either/or cells need the word spelt from its rank. */
        Py_ssize_t length = 0;
        for (size_t j = 0; j < e->length && length >= 0; j++) {
            int32_t cell = s->arena[e->path + j];
            size_t a = s->alt_first[cell];
            if (s->alt_first[cell + 1] != a + 1) {
                length = -1;
                break;
            }
            const Alt *alt = &s->alts[a];
            const unsigned char *spelt = s->letters + alt->letters;
            for (uint32_t k = 0; k < alt->length; k++) {
                if (spelt[k] >= g->n_letters || length >= (Py_ssize_t)g->longest) {
                    length = -1;
                    break;
                }
                letters[length++] = g->alphabet[spelt[k]];
            }
        }
        if (length < 0)
            length = spell(g, e->key - 1, letters);
        if (length < 0) {
            Py_DECREF(path);
            PyErr_SetString(PyExc_ValueError, "word graph is corrupt (a rank spells no word)");
            goto fail;
        }
        PyObject *item = PyTuple_New(3);
        PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, letters, length);
        PyObject *score = PyLong_FromLongLong(e->score);
        if (item == NULL || word == NULL || score == NULL) {
            Py_XDECREF(item);
            Py_XDECREF(word);
            Py_XDECREF(score);
            Py_DECREF(path);
            goto fail;
        }
        PyTuple_SET_ITEM(item, 0, word);
        PyTuple_SET_ITEM(item, 1, score);
        PyTuple_SET_ITEM(item, 2, path);
        PyList_SET_ITEM(list, (Py_ssize_t)k, item);
    }
    PyMem_Free(letters);
    return list;
fail:
    PyMem_Free(letters);
    Py_DECREF(list); /* the unset slots are NULL, which list_dealloc skips */
    return NULL;
}

/* --- Graph.search ------------------------------------------------------------------------ */

PyObject *
elzzur_Graph_search(GraphObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"cells", "points", "factors", "flags", "neighbours", "bonus",
                             "min_length", "revisit", "limit", "scale", "divisor", NULL};
    PyObject *cells, *points, *factors, *flags, *neighbours, *bonus, *min_length_obj;
    PyObject *limit_obj = NULL, *scale_obj = Py_None;
    long long divisor = 1;
    int revisit = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOO|pOOL:search", kwlist, &cells, &points,
                                     &factors, &flags, &neighbours, &bonus, &min_length_obj,
                                     &revisit, &limit_obj, &scale_obj, &divisor))
        return NULL;
    if (divisor < 1) {
        PyErr_SetString(PyExc_ValueError, "divisor must be at least 1");
        return NULL;
    }

    Search s;
    memset(&s, 0, sizeof s);
    s.masks = self->masks;
    s.first = self->first;
    s.targets = self->targets;
    s.ranks = self->ranks;
    s.n_nodes = self->n_nodes;
    s.n_edges = self->n_edges;
    /* A path of L edges in an acyclic graph passes L + 1 distinct nodes. */
    s.max_length = self->n_nodes == 0 ? 0
                   : self->longest < self->n_nodes - 1 ? self->longest : self->n_nodes - 1;
    s.revisit = revisit;

    PyObject *result = NULL;
    long long limit = 0;
    if (to_clamped(min_length_obj, "min_length", &s.min_length) < 0 ||
        (limit_obj != NULL && to_clamped(limit_obj, "limit", &limit) < 0))
        goto done;
    /* search.py: `if limit and steps > limit`, so a negative limit stops at the first step. */
    s.limit = limit == 0 ? UINT64_MAX : limit < 0 ? 0 : (uint64_t)limit;

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
    if (convert(&s, cells, points, factors, flags, neighbours, bonus) < 0)
        goto done;
    s.divisor = divisor;
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
        s.scale = PyMem_RawMalloc(((size_t)s.max_length + 1) * sizeof(int64_t));
        if (s.scale == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (size_t k = 0; k <= s.max_length; k++) {
            PyObject *item = PySequence_GetItem(scale_obj, (Py_ssize_t)k);
            if (item == NULL)
                goto done;
            int bad = to_int64(item, &s.scale[k]);
            Py_DECREF(item);
            if (bad)
                goto done;
        }
    }
    s.table_bits = 8;
    s.table_size = (size_t)1 << s.table_bits;
    s.table = PyMem_RawCalloc(s.table_size, sizeof(Entry));
    if (s.table == NULL) {
        PyErr_NoMemory();
        goto done;
    }

    int err;
    Py_BEGIN_ALLOW_THREADS
    err = walk_board(&s);
    Py_END_ALLOW_THREADS

    switch (err) {
    case DONE:
        result = result_list(&s, self);
        break;
    case ERR_MEMORY:
        PyErr_NoMemory();
        break;
    case ERR_LIMIT: {
        /* search.py raises SearchLimit(steps) */
        PyObject *steps = PyLong_FromUnsignedLongLong(s.steps);
        if (steps != NULL) {
            PyErr_SetObject(elzzur_SearchLimit, steps);
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
    search_free(&s);
    return result;
}
