/*
 * elzzur/_csrc/core.h: what the C core's files share (module.c, search.c, scrabble.c build the
 * one extension module elzzur._core; see setup.py).
 *
 * The word graph format (its specification is elzzur/lexicon/graph.py), the little-endian
 * loads every walk of it uses (static inline here, so each file inlines them as before the
 * split), the Graph object the methods receive, and the entry points module.c puts in the
 * Graph type's method table.
 */

#ifndef ELZZUR_CORE_H
#define ELZZUR_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The file format (elzzur/lexicon/graph.py). */
#define GRAPH_MAGIC "ELZG"
#define GRAPH_VERSION 1u
#define HEADER_SIZE 28 /* struct "<4s6I" */
#define TERMINAL (UINT64_C(1) << 63)
#define MAX_LETTERS 63
#define GRAPH_LONGEST 64 /* letters in a word: lexicon/graph.py LONGEST (cleaning.MAX_WORD) */

/* The exception class, owned by the module (module.c); search.c raises it. */
extern PyObject *elzzur_SearchLimit;
extern PyObject *elzzur_SearchTimeout; /* SearchLimit's subclass: the time was up */

/* --- reading the little-endian arrays ---------------------------------------------------------
 * The masks start 28 + 8k bytes into the buffer, never 8-byte aligned relative to its start
 * (and the buffer itself may start anywhere), so read through memcpy, a plain load on x86 and
 * ARM64. On a big-endian host swap the bytes: the format is little-endian there too (where
 * Python's memoryview.cast would read it wrongly). */

static inline uint64_t
load64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline uint32_t
load32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

/* --- the Graph object ---------------------------------------------------------------------- */

/* One edge as the board search walks it (search.c): what it needs of the child, next to the
 * edge's rank, so that a step reads one record instead of first[], targets[], ranks[] and
 * masks[] in four places of the file. Filled the first time a search takes the edge, and
 * kept: the buffer is taken to stay as it was (bytes, a read-only mmap: what WordGraph gives). */
typedef struct {
    uint64_t mask;   /* the child's mask */
    uint32_t first;  /* 0: not filled yet; WALK_BAD: the target is out of range; else the
                        child's first edge (at most n_edges) + 1 */
    uint32_t rank;   /* the edge's rank */
} WalkEdge;
#define WALK_BAD UINT32_MAX

typedef struct {
    PyObject_HEAD
    Py_buffer view; /* held for the object's lifetime: the arrays point into it */
    const unsigned char *masks, *first, *targets, *ranks;
    uint32_t n_nodes, n_edges, n_words, longest;
    Py_UCS4 alphabet[64];   /* the code point of each letter number, to spell found words */
    Py_ssize_t n_letters;
    WalkEdge *walk;         /* n_edges records, zeroed when made (at the second search) */
    Py_ssize_t searches;    /* searches begun, up to the one that made walk */
    PyObject **words;       /* the str of each rank found so far, NULL where not yet made;
                               made with walk (search.c: word_cache) */
    Py_ssize_t n_cached;    /* strs held in words, at most WORD_CACHE_MAX */
    struct PathCache {      /* the paths made so far as tuples (search.c: path_tuple): */
        struct PathSlot *slots; /* by the cells they pass, 2**PATH_CACHE_BITS slots */
        Py_ssize_t n;           /* tuples held, at most PATH_CACHE_MAX */
        PyObject *labels;       /* what they hold: NULL the cells' numbers, else the items of
                                   this tuple of labels (held) */
        Py_ssize_t others;      /* results with other labels since these were last used */
    } paths[2];             /* [0] of cell numbers (find_words), [1] of labels (solve) */
    uint64_t serial;        /* this Graph's number, never reused in a process */
    uint32_t *other_ranks;  /* per rank, its word's rank in the graph numbered other_serial
                               + 2, 1 if no word there, 0 not known yet (search.c:
                               other_rank_table) */
    uint64_t other_serial;
    /* What a search keeps for the next (search.c), so that a board costs little more than
     * its walk: */
    struct Search *spare;   /* a finished search's buffers, NULL while a search has them */
    PyObject *nb_obj;       /* the last neighbours converted that are a tuple of tuples of ints
                               (boards of one shape pass the same one), held, and as flat
                               arrays: cell i's are nb_list[nb_first[i]:nb_first[i + 1]] */
    size_t *nb_first;
    int32_t *nb_list;
    PyObject *bonus_obj;    /* the last bonus converted that is a tuple of ints, held, and */
    int64_t *bonus_values;  /* its first max_length + 1 values */
    struct Handed {         /* tuples a search handed out, held to be filled again once
                               nothing else holds them (search.c: reuse_start) */
        PyObject **tuples;
        Py_ssize_t n, cap;
    } handed[2][2];         /* [0] results, [1] paths; of [0] the last search, [1] the one
                               before */
} GraphObject;

/* The most found words a graph keeps as str (search.c: word_cache): some 4 MB of them. */
#define WORD_CACHE_MAX 65536
#define WORD_CACHE_RANKS (UINT32_C(1) << 22)
/* The most paths a graph keeps as tuples of each kind (search.c: path_tuple): some 1.5 MB of
 * them, in a table twice that many slots; only for boards of at most PATH_CACHE_CELLS cells.
 * Past it, fresh random boards find too few of their paths kept (36 cells: half; 10x10: a
 * sixth) for the lookups to pay. */
#define PATH_CACHE_MAX 16384
#define PATH_CACHE_BITS 15
#define PATH_CACHE_CELLS 36
struct PathSlot {
    uint64_t key;    /* path_key(); 0: an empty slot */
    PyObject *path;
};
/* Drop the tuples a graph's PathCache holds, and its labels (search.c). */
void elzzur_paths_forget(struct PathCache *cache);

/* --- the Graph methods (the Python names are in module.c's method table) ------------------- */

/* Where instances of a class with __slots__ keep the field `name`: a writable object slot,
 * or -1 with a TypeError (module.c; for the records search.c fills and the cells cells.c
 * reads). */
Py_ssize_t elzzur_slot_offset(PyTypeObject *type, const char *name);

/* cell_rows: a board's cells as the search's numbers (cells.c). */
PyObject *elzzur_cell_rows(PyObject *module, PyObject *args);
/* What cell_rows reads: the prepared row (numbers, points, factor, flags) of each cell of the
 * tuple `cells`, of class `type`, as borrowed references in rows[0..len(cells)): 1; or 0
 * where the Python loop must settle it (cells not in a tuple, a cell of another class, a kind
 * of cell not in `prepared`); or -1 with an exception (cells.c; Graph.search's `prepared`). */
int elzzur_cell_row_items(PyObject *cells, PyObject *prepared, PyTypeObject *type,
                          PyObject **rows);

/* Graph.search: the board search (search.c). */
PyObject *elzzur_Graph_search(GraphObject *self, PyObject *args, PyObject *kwds);
/* Frees what the graph's searches kept (GraphObject.spare, nb_obj, bonus_obj: search.c). */
void elzzur_search_forget(GraphObject *g);

/* Graph.scrabble_moves, Graph.scrabble_checks: Scrabble's moves, its cross-checks (scrabble.c). */
PyObject *elzzur_Graph_scrabble_moves(GraphObject *self, PyObject *args);
PyObject *elzzur_Graph_scrabble_checks(GraphObject *self, PyObject *args);

/* rack_leaves: the leaves of a rack, for ranking by equity (scrabble.c; a module function). */
PyObject *elzzur_rack_leaves(PyObject *module, PyObject *args);

#endif /* ELZZUR_CORE_H */
