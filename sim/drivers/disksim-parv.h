/* SPDX-License-Identifier: GPL-2.0 */
/* DiskSim parameter files as a tree (disksim-parv.c). */
#ifndef WBSIM_DISKSIM_PARV_H
#define WBSIM_DISKSIM_PARV_H

#include <stdbool.h>
#include <stddef.h>

enum parv_kind { PARV_SCALAR, PARV_BLOCK, PARV_LIST };

/*
 * One value. A block's children are its "key = value" pairs in order; a
 * list's are its items. At the top (the root, a list) the children are
 * the named blocks (text TYPE, key NAME) and the instantiate lists (key
 * "instantiate", text the block instantiated, items the instance names).
 */
struct parv_node {
	enum parv_kind kind;
	char *key;		/* within a block; NULL for list items */
	char *text;		/* scalar: the value; block: its TYPE */
	struct parv_node **child;
	size_t nr, cap;
	const char *file;	/* interned in struct parv */
	int line;
	bool used;		/* taken by the model */
};

#define PARV_MAX_TOPO	64

/* one instance of the topology and the instance it hangs from */
struct parv_topo {
	char type[32], name[64], parent[64];
};

struct parv {
	struct parv_node *root;
	char **names;
	size_t nr_names;
	struct parv_topo topo[PARV_MAX_TOPO];
	int nr_topo;
	char err[512];
};

int parv_load(struct parv *pv, const char *path);
int parv_load_text(struct parv *pv, const char *name, const char *text,
		   size_t len);
void parv_free(struct parv *pv);
void parv_node_free(struct parv_node *n);
struct parv_node *parv_get(struct parv_node *blk, const char *key);
struct parv_node *parv_block(struct parv *pv, const char *name);

#endif
