// SPDX-License-Identifier: GPL-2.0
/*
 * DiskSim's parameter-file syntax (libparam), read into a tree:
 *
 *	TYPE NAME { Key words = value, ... }	a named block
 *	value: 1.5 | word | TYPE { ... } | [ value, ... ] | source FILE
 *	source FILE				include, relative to the file
 *	instantiate [ name, ... ] as NAME	an instance of block NAME
 *	topology TYPE name [ TYPE name [ ... ] ]	who is attached to whom
 *	# comment to the end of the line
 *
 * Keys hold spaces and punctuation ("Read hit over. after read"), so a key
 * is everything up to its '='. Every node keeps FILE:LINE for messages
 * and a "used" mark, so that what the model does not take can be listed.
 * The reader works on whole files in memory, bounded in nesting and size,
 * for the fuzzer's sake.
 */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "disksim-parv.h"

#define PARV_MAX_DEPTH		32
#define PARV_MAX_SOURCE		8
#define PARV_MAX_FILE		(16 << 20)

struct parv_lexer {
	struct parv *pv;
	const char *name;	/* file name, for messages */
	const char *dir;	/* base of relative sources */
	const char *s, *end;
	int line;
	int depth, source_depth;
};

static int perr(struct parv_lexer *lx, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (lx->pv->err[0])
		return -EINVAL;
	n = snprintf(lx->pv->err, sizeof(lx->pv->err), "%s:%d: ", lx->name,
		     lx->line);
	va_start(ap, fmt);
	vsnprintf(lx->pv->err + n, sizeof(lx->pv->err) - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* skip blanks and comments, counting lines */
static void skip_ws(struct parv_lexer *lx)
{
	while (lx->s < lx->end) {
		if (*lx->s == '#') {
			while (lx->s < lx->end && *lx->s != '\n')
				lx->s++;
		} else if (*lx->s == '\n') {
			lx->line++;
			lx->s++;
		} else if (*lx->s == ' ' || *lx->s == '\t' || *lx->s == '\r') {
			lx->s++;
		} else {
			return;
		}
	}
}

static bool is_punct(char c)
{
	return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' ||
	       c == '=' || c == '#';
}

/* a word: up to blank, punctuation or the end; NULL if none */
static char *read_word(struct parv_lexer *lx)
{
	const char *b;

	skip_ws(lx);
	b = lx->s;
	while (lx->s < lx->end && !is_punct(*lx->s) && *lx->s != ' ' &&
	       *lx->s != '\t' && *lx->s != '\r' && *lx->s != '\n' && *lx->s)
		lx->s++;
	return lx->s > b ? strndup(b, lx->s - b) : NULL;
}

static bool expect(struct parv_lexer *lx, char c)
{
	skip_ws(lx);
	if (lx->s < lx->end && *lx->s == c) {
		lx->s++;
		return true;
	}
	return false;
}

static const char *near(struct parv_lexer *lx)
{
	static const char *const eof = "the end of the file";

	return lx->s < lx->end ? NULL : eof;
}

static struct parv_node *node_new(struct parv_lexer *lx, enum parv_kind k)
{
	struct parv_node *n = calloc(1, sizeof(*n));

	if (!n)
		return NULL;
	n->kind = k;
	n->file = lx->name;
	n->line = lx->line;
	return n;
}

static int node_add(struct parv_node *parent, struct parv_node *c)
{
	if (parent->nr == parent->cap) {
		size_t cap = parent->cap ? 2 * parent->cap : 8;
		struct parv_node **v = realloc(parent->child, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		parent->child = v;
		parent->cap = cap;
	}
	parent->child[parent->nr++] = c;
	return 0;
}

void parv_node_free(struct parv_node *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->nr; i++)
		parv_node_free(n->child[i]);
	free(n->child);
	free(n->key);
	free(n->text);
	free(n);
}

static int parse_value(struct parv_lexer *lx, struct parv_node **out);
static int parse_source(struct parv_lexer *lx, struct parv_node *top,
			struct parv_node **value);

/* "{ key = value, ... }" after TYPE; the '{' is next */
static int parse_body(struct parv_lexer *lx, struct parv_node *blk)
{
	if (!expect(lx, '{'))
		return perr(lx, "'{' expected");
	if (++lx->depth > PARV_MAX_DEPTH)
		return perr(lx, "blocks nested deeper than %d", PARV_MAX_DEPTH);
	for (;;) {
		struct parv_node *v = NULL;
		const char *k, *eq;
		int ret, line;

		skip_ws(lx);
		if (expect(lx, '}'))
			break;
		if (lx->s >= lx->end)
			return perr(lx, "'}' expected before the end of the file");
		k = lx->s;
		line = lx->line;
		eq = k;
		while (eq < lx->end && *eq != '=' && *eq != '\n' &&
		       *eq != '}' && *eq != '{' && *eq != ',')
			eq++;
		if (eq >= lx->end || *eq != '=')
			return perr(lx, "'KEY = value' expected");
		lx->s = eq + 1;
		ret = parse_value(lx, &v);
		if (ret) {
			parv_node_free(v);	/* what parsed of it */
			return ret;
		}
		while (eq > k && (eq[-1] == ' ' || eq[-1] == '\t'))
			eq--;
		free(v->key);	/* a sourced block's own name */
		v->key = strndup(k, eq - k);
		if (v->file == lx->name)
			v->line = line;
		if (!v->key || node_add(blk, v)) {
			parv_node_free(v);
			return -ENOMEM;
		}
		if (expect(lx, ','))
			continue;
		if (!expect(lx, '}'))
			return perr(lx, "',' or '}' expected");
		break;
	}
	lx->depth--;
	return 0;
}

static int parse_list(struct parv_lexer *lx, struct parv_node *list)
{
	if (++lx->depth > PARV_MAX_DEPTH)
		return perr(lx, "lists nested deeper than %d", PARV_MAX_DEPTH);
	if (expect(lx, ']')) {
		lx->depth--;
		return 0;
	}
	for (;;) {
		struct parv_node *v = NULL;
		int ret = parse_value(lx, &v);

		if (ret) {
			parv_node_free(v);
			return ret;
		}
		if (node_add(list, v)) {
			parv_node_free(v);
			return -ENOMEM;
		}
		if (expect(lx, ','))
			continue;
		if (!expect(lx, ']'))
			return perr(lx, "',' or ']' expected");
		break;
	}
	lx->depth--;
	return 0;
}

static int parse_value(struct parv_lexer *lx, struct parv_node **out)
{
	struct parv_node *n;
	char *w;
	int ret;

	skip_ws(lx);
	if (expect(lx, '[')) {
		n = node_new(lx, PARV_LIST);
		if (!n)
			return -ENOMEM;
		*out = n;
		return parse_list(lx, n);
	}
	w = read_word(lx);
	if (!w)
		return perr(lx, "a value expected%s%s", near(lx) ? " before " : "",
			    near(lx) ? near(lx) : "");
	if (!strcmp(w, "source")) {
		free(w);
		*out = NULL;
		ret = parse_source(lx, NULL, out);
		if (!ret && !*out)
			return perr(lx, "the sourced file holds no block");
		return ret;
	}
	skip_ws(lx);
	n = node_new(lx, lx->s < lx->end && *lx->s == '{' ? PARV_BLOCK :
			 PARV_SCALAR);
	if (!n) {
		free(w);
		return -ENOMEM;
	}
	n->text = w;
	*out = n;
	return n->kind == PARV_BLOCK ? parse_body(lx, n) : 0;
}

static int parse_file(struct parv *pv, const char *path, int source_depth,
		      struct parv_node *top, struct parv_node **value);

/* "source FILE": at top level its blocks join @top, else *value = its first block */
static int parse_source(struct parv_lexer *lx, struct parv_node *top,
			struct parv_node **value)
{
	char *w = read_word(lx), *dir, *full = NULL;
	int ret;

	if (!w)
		return perr(lx, "source: a file name expected");
	if (lx->source_depth + 1 >= PARV_MAX_SOURCE) {
		free(w);
		return perr(lx, "sources nested deeper than %d", PARV_MAX_SOURCE);
	}
	dir = strdup(lx->dir);
	if (!dir || (w[0] == '/' ? !(full = strdup(w)) :
		     asprintf(&full, "%s/%s", dir, w) < 0)) {
		free(dir);
		free(w);
		return -ENOMEM;
	}
	free(dir);
	ret = parse_file(lx->pv, full, lx->source_depth + 1, top, value);
	if (ret && !lx->pv->err[0])
		perr(lx, "source %s: %s", w, strerror(-ret));
	else if (ret)
		snprintf(lx->pv->err + strlen(lx->pv->err),
			 sizeof(lx->pv->err) - strlen(lx->pv->err),
			 " (sourced from %s:%d)", lx->name, lx->line);
	free(w);
	free(full);
	return ret ? -EINVAL : 0;
}

/* "topology TYPE name [ ... ]": record each instance's parent */
static int parse_topology(struct parv_lexer *lx, const char *parent)
{
	char *type = read_word(lx), *name = read_word(lx);
	int ret = 0;

	if (!type || !name) {
		ret = perr(lx, "topology: TYPE name [ ... ] expected");
		goto out;
	}
	if (++lx->depth > PARV_MAX_DEPTH) {
		ret = perr(lx, "topology nested deeper than %d", PARV_MAX_DEPTH);
		goto out;
	}
	if (lx->pv->nr_topo < PARV_MAX_TOPO) {
		struct parv_topo *t = &lx->pv->topo[lx->pv->nr_topo++];

		snprintf(t->type, sizeof(t->type), "%s", type);
		snprintf(t->name, sizeof(t->name), "%s", name);
		snprintf(t->parent, sizeof(t->parent), "%s", parent ? parent : "");
	}
	if (!expect(lx, '[')) {
		ret = perr(lx, "topology: '[' expected after %s", name);
		goto out;
	}
	while (!expect(lx, ']')) {
		if (lx->s >= lx->end) {
			ret = perr(lx, "topology: ']' expected");
			goto out;
		}
		ret = parse_topology(lx, name);
		if (ret)
			goto out;
		expect(lx, ',');
	}
	lx->depth--;
out:
	free(type);
	free(name);
	return ret;
}

static int parse_top(struct parv_lexer *lx, struct parv_node *top,
		     struct parv_node **value)
{
	for (;;) {
		struct parv_node *blk;
		char *w, *name;
		int ret, line;

		skip_ws(lx);
		if (lx->s >= lx->end)
			return 0;
		line = lx->line;
		w = read_word(lx);
		if (!w)
			return perr(lx, "'TYPE NAME { ... }' expected");
		if (!strcmp(w, "source")) {
			free(w);
			ret = parse_source(lx, top, value);
			if (ret)
				return ret;
			continue;
		}
		if (!strcmp(w, "topology")) {
			free(w);
			ret = parse_topology(lx, NULL);
			if (ret)
				return ret;
			continue;
		}
		if (!strcmp(w, "instantiate")) {
			struct parv_node *list = node_new(lx, PARV_LIST);

			free(w);
			if (!list)
				return -ENOMEM;
			list->key = strdup("instantiate");
			if (!list->key || node_add(top, list)) {
				parv_node_free(list);
				return -ENOMEM;
			}
			if (!expect(lx, '['))
				return perr(lx, "instantiate: '[' expected");
			ret = parse_list(lx, list);
			if (ret)
				return ret;
			w = read_word(lx);
			if (!w || strcmp(w, "as")) {
				free(w);
				return perr(lx, "instantiate [ ... ]: 'as' expected");
			}
			free(w);
			list->text = read_word(lx);
			if (!list->text)
				return perr(lx, "instantiate [ ... ] as: a name expected");
			continue;
		}
		name = read_word(lx);
		if (!name) {
			ret = perr(lx, "%.64s: a block name expected", w);
			free(w);
			return ret;
		}
		blk = node_new(lx, PARV_BLOCK);
		if (!blk) {
			free(w);
			free(name);
			return -ENOMEM;
		}
		blk->text = w;
		blk->key = name;
		blk->line = line;
		if (node_add(top, blk)) {
			parv_node_free(blk);
			return -ENOMEM;
		}
		ret = parse_body(lx, blk);
		if (ret)
			return ret;
		if (value && !*value)
			*value = blk;
	}
}

/* File names live as long as the parv: nodes point at them. */
static const char *intern_name(struct parv *pv, const char *path)
{
	char **v;

	for (size_t i = 0; i < pv->nr_names; i++)
		if (!strcmp(pv->names[i], path))
			return pv->names[i];
	v = realloc(pv->names, (pv->nr_names + 1) * sizeof(*v));
	if (!v)
		return NULL;
	pv->names = v;
	v[pv->nr_names] = strdup(path);
	return v[pv->nr_names] ? v[pv->nr_names++] : NULL;
}

static int parse_text(struct parv *pv, const char *name, const char *text,
		      size_t len, int source_depth, struct parv_node *top,
		      struct parv_node **value)
{
	char *dir = strdup(name);
	struct parv_lexer lx = {
		.pv = pv, .s = text, .end = text + len, .line = 1,
		.source_depth = source_depth,
	};
	struct parv_node *holder = NULL;
	int ret;

	lx.name = intern_name(pv, name);
	if (!dir || !lx.name) {
		free(dir);
		return -ENOMEM;
	}
	lx.dir = dirname(dir);
	if (!top) {
		/* a sourced value: the file's one block, held here meanwhile */
		holder = node_new(&lx, PARV_LIST);
		if (!holder) {
			free(dir);
			return -ENOMEM;
		}
		top = holder;
	}
	if (memchr(text, '\0', len)) {
		const char *z = memchr(text, '\0', len);

		for (const char *c = text; c < z; c++)
			lx.line += *c == '\n';
		free(dir);
		parv_node_free(holder);
		return perr(&lx, "NUL byte");
	}
	ret = parse_top(&lx, top, value);
	if (!ret && holder && holder->nr != 1)
		ret = perr(&lx, "a sourced value must be one block, not %zu",
			   holder->nr);
	if (holder) {
		if (!ret)
			holder->nr = 0;	/* the block is the caller's now */
		else if (value)
			*value = NULL;
		parv_node_free(holder);
	}
	free(dir);
	return ret;
}

static int parse_file(struct parv *pv, const char *path, int source_depth,
		      struct parv_node *top, struct parv_node **value)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int ret;

	if (!f)
		return -errno;
	for (;;) {
		size_t n;

		if (len == cap) {
			char *b;

			cap = cap ? 2 * cap : 65536;
			if (cap > PARV_MAX_FILE) {
				fclose(f);
				free(buf);
				return -EFBIG;
			}
			b = realloc(buf, cap);
			if (!b) {
				fclose(f);
				free(buf);
				return -ENOMEM;
			}
			buf = b;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
	}
	ret = ferror(f) ? -EIO : 0;
	fclose(f);
	if (!ret)
		ret = parse_text(pv, path, buf, len, source_depth, top, value);
	free(buf);
	return ret;
}

/**
 * parv_load_text - parse DiskSim parameters from memory
 * @name: the file name for messages and relative sources
 *
 * Return: 0, -EINVAL with pv->err "FILE:LINE: what is wrong", -ENOMEM.
 * Free with parv_free() in every case.
 */
int parv_load_text(struct parv *pv, const char *name, const char *text,
		   size_t len)
{
	memset(pv, 0, sizeof(*pv));
	pv->root = calloc(1, sizeof(*pv->root));
	if (!pv->root)
		return -ENOMEM;
	pv->root->kind = PARV_LIST;
	return parse_text(pv, name, text, len, 0, pv->root, NULL);
}

/**
 * parv_load - parse the DiskSim parameter file @path and what it sources
 *
 * Return: as parv_load_text(); a missing file is -EINVAL with pv->err.
 */
int parv_load(struct parv *pv, const char *path)
{
	int ret;

	memset(pv, 0, sizeof(*pv));
	pv->root = calloc(1, sizeof(*pv->root));
	if (!pv->root)
		return -ENOMEM;
	pv->root->kind = PARV_LIST;
	ret = parse_file(pv, path, 0, pv->root, NULL);
	if (ret && !pv->err[0]) {
		snprintf(pv->err, sizeof(pv->err), "%s: %s", path, strerror(-ret));
		ret = -EINVAL;
	}
	return ret;
}

void parv_free(struct parv *pv)
{
	parv_node_free(pv->root);
	for (size_t i = 0; i < pv->nr_names; i++)
		free(pv->names[i]);
	free(pv->names);
	memset(pv, 0, sizeof(*pv));
}

/**
 * parv_get - the child of block @blk whose key is @key (case-blind), or NULL
 *
 * Marks it used.
 */
struct parv_node *parv_get(struct parv_node *blk, const char *key)
{
	if (!blk)
		return NULL;
	for (size_t i = 0; i < blk->nr; i++)
		if (blk->child[i]->key && !strcasecmp(blk->child[i]->key, key)) {
			blk->child[i]->used = true;
			return blk->child[i];
		}
	return NULL;
}

/**
 * parv_block - the top-level block named @name (any type), or NULL
 */
struct parv_node *parv_block(struct parv *pv, const char *name)
{
	struct parv_node *r = pv->root;

	for (size_t i = 0; i < r->nr; i++) {
		struct parv_node *c = r->child[i];

		if (c->kind == PARV_BLOCK && c->key && !strcmp(c->key, name))
			return c;
	}
	return NULL;
}
