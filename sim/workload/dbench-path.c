// SPDX-License-Identifier: GPL-2.0
/*
 * The string side of a dbench loadfile: one pool of NUL-terminated
 * strings, open-addressing hash tables that intern paths and statuses in
 * it, the path tree (parent id, last component, "client1" flags) and the
 * per-client rendering of a path template. See dbench-loadfile.h for the
 * representation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbench-loadfile.h"

struct dbench_strent {
	uint32_t off;		/* string in the pool */
	uint32_t len;
	uint32_t id;		/* UINT32_MAX: empty slot */
};

/**
 * dbench_pool_add() - append a string and a NUL to the pool
 * @lf: the loadfile
 * @s: the bytes (need not be NUL-terminated)
 * @len: their number
 * @off: receives the string's offset in lf->pool
 *
 * Return: 0 or -ENOMEM. lf->pool may move; keep offsets, not pointers.
 */
int dbench_pool_add(struct dbench_loadfile *lf, const char *s, size_t len,
		    uint32_t *off)
{
	if (lf->pool_len + len + 1 > lf->pool_cap) {
		size_t n = lf->pool_cap ? lf->pool_cap : 4096;
		char *pool;

		while (n < lf->pool_len + len + 1)
			n *= 2;
		if (n > UINT32_MAX)
			return -ENOMEM;
		pool = realloc(lf->pool, n);
		if (!pool)
			return -ENOMEM;
		lf->pool = pool;
		lf->pool_cap = n;
	}
	memcpy(lf->pool + lf->pool_len, s, len);
	lf->pool[lf->pool_len + len] = 0;
	*off = lf->pool_len;
	lf->pool_len += len + 1;
	return 0;
}

/*
 * Paths are ~40 bytes and hashed once per line, so eight bytes at a time:
 * multiply-xorshift per word (the 64-bit golden-ratio constant), the
 * length folded in so that tails padded with zeros differ.
 */
static uint32_t str_hash(const char *s, size_t len)
{
	const uint64_t k = 0x9e3779b97f4a7c15ull;
	uint64_t h = len * k, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * k;
		h ^= h >> 29;
	}
	if (len) {
		w = 0;
		memcpy(&w, s, len);
		h = (h ^ w) * k;
		h ^= h >> 29;
	}
	h *= k;
	return h >> 32;
}

static struct dbench_strent *strtab_slot(const struct dbench_loadfile *lf,
					 const struct dbench_strtab *t,
					 const char *s, size_t len)
{
	uint32_t i = str_hash(s, len) & t->mask;

	for (;; i = (i + 1) & t->mask) {
		struct dbench_strent *e = &t->slot[i];

		if (e->id == UINT32_MAX ||
		    (e->len == len && !memcmp(lf->pool + e->off, s, len)))
			return e;
	}
}

/**
 * dbench_strtab_find() - look a string up in an interning table
 * @lf: the loadfile whose pool holds the table's strings
 * @t: the table
 * @s: the string (need not be NUL-terminated)
 * @len: its length
 *
 * Return: its id, or UINT32_MAX if it is not in @t.
 */
uint32_t dbench_strtab_find(const struct dbench_loadfile *lf,
			    const struct dbench_strtab *t,
			    const char *s, size_t len)
{
	if (!t->slot)
		return UINT32_MAX;
	return strtab_slot(lf, t, s, len)->id;
}

/**
 * dbench_strtab_add() - add a pool string that is not in the table yet
 * @lf: the loadfile
 * @t: the table
 * @off: the string's offset in lf->pool
 * @len: its length
 * @id: what dbench_strtab_find() will return for it
 *
 * Return: 0 or -ENOMEM.
 */
int dbench_strtab_add(struct dbench_loadfile *lf, struct dbench_strtab *t,
		      uint32_t off, uint32_t len, uint32_t id)
{
	struct dbench_strent *e;

	/* keep the load at most 1/2, so probe runs stay short */
	if (!t->slot || (t->used + 1) * 2 > t->mask + 1) {
		uint32_t size = t->slot ? (t->mask + 1) * 2 : 256;
		struct dbench_strtab n = { .mask = size - 1, .used = t->used };

		if (size > (1u << 30))
			return -ENOMEM;
		n.slot = malloc(size * sizeof(*n.slot));
		if (!n.slot)
			return -ENOMEM;
		for (uint32_t i = 0; i < size; i++)
			n.slot[i].id = UINT32_MAX;
		for (uint32_t i = 0; t->slot && i <= t->mask; i++) {
			struct dbench_strent *o = &t->slot[i];

			if (o->id != UINT32_MAX)
				*strtab_slot(lf, &n, lf->pool + o->off,
					     o->len) = *o;
		}
		free(t->slot);
		*t = n;
	}
	e = strtab_slot(lf, t, lf->pool + off, len);
	e->off = off;
	e->len = len;
	e->id = id;
	t->used++;
	return 0;
}

static bool is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

/* "client" followed by digits that are not a plain "client1" */
static bool names_other_client(const char *s, size_t len)
{
	const char *end = s + len;

	for (const char *q = s; (q = memmem(q, end - q, "client", 6)); q += 6) {
		const char *d = q + 6;

		if (d == end || !is_digit(*d))
			continue;
		if (*d != '1' || (d + 1 < end && is_digit(d[1])))
			return true;
	}
	return false;
}

/**
 * dbench_path_init() - make path 0, the client's base directory "/"
 * @lf: a zeroed loadfile
 *
 * Return: 0 or -ENOMEM.
 */
int dbench_path_init(struct dbench_loadfile *lf)
{
	uint32_t off;

	lf->paths = malloc(64 * sizeof(*lf->paths));
	if (!lf->paths || dbench_pool_add(lf, "/", 1, &off))
		return -ENOMEM;
	lf->paths_cap = 64;
	lf->paths[0] = (struct dbench_path){ .parent = DBENCH_PATH_ROOT,
		.str = off, .len = 1, .name = off + 1 };
	lf->nr_paths = 1;
	return 0;
}

/* intern normalised path @s (each component preceded by '/') */
static int intern_norm(struct dbench_loadfile *lf, const char *s, size_t len,
		       uint32_t *id)
{
	struct dbench_path *path;
	uint32_t parent, off, found;
	size_t slash = len;
	const char *name;
	int ret;

	if (len == 0) {
		*id = DBENCH_PATH_ROOT;
		return 0;
	}
	found = dbench_strtab_find(lf, &lf->path_tab, s, len);
	if (found != UINT32_MAX) {
		*id = found;
		return 0;
	}
	while (s[--slash] != '/')
		;
	ret = intern_norm(lf, s, slash, &parent);
	if (ret)
		return ret;
	if (lf->nr_paths == lf->paths_cap) {
		struct dbench_path *paths;

		if (lf->paths_cap > UINT32_MAX / 4)
			return -ENOMEM;
		paths = realloc(lf->paths, 2 * sizeof(*paths) * lf->paths_cap);
		if (!paths)
			return -ENOMEM;
		lf->paths = paths;
		lf->paths_cap *= 2;
	}
	if (dbench_pool_add(lf, s, len, &off))
		return -ENOMEM;
	name = s + slash + 1;
	path = &lf->paths[lf->nr_paths];
	path->parent = parent;
	path->str = off;
	path->len = len;
	path->name = off + slash + 1;
	path->name_len = len - slash - 1;
	path->depth = lf->paths[parent].depth + 1;
	path->flags = lf->paths[parent].flags & DBENCH_PATH_PER_CLIENT;
	if (memmem(name, path->name_len, "client1", 7))
		path->flags |= DBENCH_PATH_NAME_CLIENT | DBENCH_PATH_PER_CLIENT;
	if (strpbrk(lf->pool + path->name, "<>*?\""))
		path->flags |= DBENCH_PATH_WILDCARD;
	if (names_other_client(name, path->name_len))
		lf->cross_client_names = true;
	if (dbench_strtab_add(lf, &lf->path_tab, off, len, lf->nr_paths))
		return -ENOMEM;
	*id = lf->nr_paths++;
	return 0;
}

/*
 * Normalise path @s into "/a/b": empty components go (the kernel reads
 * "a//b" as "a/b"); "." and ".." are refused because resolving them
 * needs the file system, not the string.
 */
static int normalise(const char *s, size_t len, char *out, size_t *olen)
{
	const char *end = s + len;
	size_t n = 0;

	while (s < end) {
		const char *c;

		while (s < end && *s == '/')
			s++;
		if (s == end)
			break;
		for (c = s; s < end && *s != '/'; s++)
			;
		if (c[0] == '.' && (s - c == 1 || (s - c == 2 && c[1] == '.')))
			return -EINVAL;
		out[n++] = '/';
		memcpy(out + n, c, s - c);
		n += s - c;
	}
	*olen = n;
	return 0;
}

/**
 * dbench_path_intern() - the id of a path token, interning it if new
 * @lf: the loadfile
 * @s: the token, '/'-separated (backslashes already converted)
 * @len: its length, at most DBENCH_TOKEN_MAX
 * @id: receives the path id
 *
 * Every ancestor is interned too, so each path's parent exists.
 *
 * Return: 0, -EINVAL for a "." or ".." component, -ENOMEM.
 */
int dbench_path_intern(struct dbench_loadfile *lf, const char *s, size_t len,
		       uint32_t *id)
{
	char norm[DBENCH_TOKEN_MAX + 1];
	size_t n;

	if (len > DBENCH_TOKEN_MAX || normalise(s, len, norm, &n))
		return -EINVAL;
	return intern_norm(lf, norm, n, id);
}

/**
 * dbench_path_lookup() - the id of a template path
 * @lf: the loadfile
 * @path: e.g. "/clients/client1/~dmtmp" or "\\clients\\client1"
 * @id: set on success
 *
 * Return: 0, -ENOENT if the loadfile has no such path, -EINVAL if it is
 * not an absolute path of at most DBENCH_TOKEN_MAX characters.
 */
int dbench_path_lookup(const struct dbench_loadfile *lf, const char *path,
		       uint32_t *id)
{
	char tmp[DBENCH_TOKEN_MAX + 1], norm[DBENCH_TOKEN_MAX + 1];
	size_t len = strlen(path), n;
	uint32_t found;

	if (len == 0 || len > DBENCH_TOKEN_MAX)
		return -EINVAL;
	for (size_t i = 0; i < len; i++)
		tmp[i] = path[i] == '\\' ? '/' : path[i];
	if (tmp[0] != '/' || normalise(tmp, len, norm, &n))
		return -EINVAL;
	if (n == 0) {
		*id = DBENCH_PATH_ROOT;
		return 0;
	}
	found = dbench_strtab_find(lf, &lf->path_tab, norm, n);
	if (found == UINT32_MAX)
		return -ENOENT;
	*id = found;
	return 0;
}

/*
 * @s with every "client1" replaced by "client<client>", left to right
 * and without rescanning the replacement, as all_string_sub() does.
 */
static int substitute(const char *s, size_t len, bool has_client,
		      unsigned int client, char *buf, size_t size)
{
	const char *end = s + len;
	size_t n = 0;
	char num[sizeof("client") + 10];	/* "client4294967295" */
	int nl;

	nl = snprintf(num, sizeof(num), "client%u", client);
	while (s < end) {
		const char *q = has_client ? memmem(s, end - s, "client1", 7) :
					     NULL;
		size_t plain = (q ? q : end) - s;

		if (n + plain >= size)
			return -ENAMETOOLONG;
		memcpy(buf + n, s, plain);
		n += plain;
		if (!q)
			break;
		if (n + nl >= size)
			return -ENAMETOOLONG;
		memcpy(buf + n, num, nl);
		n += nl;
		s = q + 7;
	}
	if (n >= size)
		return -ENAMETOOLONG;
	buf[n] = 0;
	return n;
}

/**
 * dbench_path_format() - the path client @client sees, as dbench builds it
 * @lf: the loadfile
 * @id: the path id
 * @client: dbench's 0-based client number
 * @buf: receives the NUL-terminated path, relative to the -D directory
 * @size: size of @buf
 *
 * Return: the length, -EINVAL for a bad @id, -ENAMETOOLONG if @buf is
 * too small.
 */
int dbench_path_format(const struct dbench_loadfile *lf, uint32_t id,
		       unsigned int client, char *buf, size_t size)
{
	const struct dbench_path *path;

	if (id >= lf->nr_paths)
		return -EINVAL;
	path = &lf->paths[id];
	return substitute(lf->pool + path->str, path->len,
			  path->flags & DBENCH_PATH_PER_CLIENT, client, buf, size);
}

/**
 * dbench_name_format() - the last component of a path for @client
 * @lf: the loadfile
 * @id: the path id
 * @client: dbench's 0-based client number
 * @buf: receives the NUL-terminated name ("" for the root)
 * @size: size of @buf
 *
 * Return: the length, -EINVAL for a bad @id, -ENAMETOOLONG if @buf is
 * too small.
 */
int dbench_name_format(const struct dbench_loadfile *lf, uint32_t id,
		       unsigned int client, char *buf, size_t size)
{
	const struct dbench_path *path;

	if (id >= lf->nr_paths)
		return -EINVAL;
	path = &lf->paths[id];
	return substitute(lf->pool + path->name, path->name_len,
			  path->flags & DBENCH_PATH_NAME_CLIENT, client, buf, size);
}
