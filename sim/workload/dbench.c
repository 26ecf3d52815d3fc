// SPDX-License-Identifier: GPL-2.0
/*
 * dbench clients: each is a kthread that runs the loadfile's ops, pass
 * after pass, against its instance's filesystem, as dbench 4.0's fileio
 * backend does (see the table in dbench-loadfile.h), until the instance's
 * statistics say the run is over; then it removes its directory.
 *
 * The loadfile's expected status decides what happens: an op expected to
 * fail costs its CPU time (and a lookup) and changes nothing, as on a real
 * filesystem where the same sequence leads to the same failure. An op
 * expected to succeed that cannot (a missing file) is counted in
 * nr_errors; dbench would report it.
 *
 * CPU: each op costs dbench.cpu_<op> plus dbench.cpu_per_kib per KiB it
 * reads or writes, so a run that stays in memory is CPU-bound.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dbench.h"
#include "fs/vfs.h"

#define CPU_OPT(name, type, def, help)					\
	{ "cpu_" name, OPT_TIME, offsetof(struct dbench_params, cpu[type]),	\
	  def, 0, 1000000, "us", NULL, "CPU time of one " help }

/*
 * Per-op CPU costs: plausible for a 2009 desktop CPU running dbench's
 * fileio backend (one or two system calls per op, path walks of 3-5
 * components); not measured. A pass over client.txt (458,344 ops,
 * 2.5 GB read and written) then takes about 6 s of CPU, i.e. ~400 MB/s
 * for one client in memory, the order of what dbench reported in memory
 * on such machines.
 */
static const struct opt_desc dbench_opts[] = {
	{ "loadfile", OPT_STR, offsetof(struct dbench_params, loadfile),
	  DBENCH_LOADFILE_DEFAULT, 0, 0, NULL, NULL, "dbench -c: the loadfile" },
	{ "clients", OPT_UINT, offsetof(struct dbench_params, clients), "100",
	  1, 4096, NULL, NULL, "clients per instance (dbench's process count)" },
	{ "instances", OPT_LIST, offsetof(struct dbench_params, instances), "",
	  0, 0, NULL, NULL,
	  "partitions that run an instance, e.g. sda1,sda3; empty = every mounted one" },
	{ "start_offsets", OPT_LIST, offsetof(struct dbench_params, start_offsets),
	  "", 0, 0, NULL, NULL,
	  "seconds each instance starts after the first, e.g. 0,10; empty = all together" },
	{ "per_client_results", OPT_BOOL,
	  offsetof(struct dbench_params, per_client_results), "no", 0, 0, NULL,
	  NULL,
	  "dbench --per-client-results: each client's lines, bytes and op table at the end of its log" },
	CPU_OPT("ntcreatex", DBENCH_OP_NTCREATEX, "15", "NTCreateX (open/create)"),
	CPU_OPT("close", DBENCH_OP_CLOSE, "4", "Close"),
	CPU_OPT("rename", DBENCH_OP_RENAME, "20", "Rename"),
	CPU_OPT("unlink", DBENCH_OP_UNLINK, "20", "Unlink"),
	CPU_OPT("deltree", DBENCH_OP_DELTREE, "30", "Deltree (plus each removal)"),
	CPU_OPT("rmdir", DBENCH_OP_RMDIR, "15", "Rmdir"),
	CPU_OPT("mkdir", DBENCH_OP_MKDIR, "20", "Mkdir"),
	CPU_OPT("qpathinfo", DBENCH_OP_QPATHINFO, "6", "QUERY_PATH_INFORMATION (stat)"),
	CPU_OPT("qfileinfo", DBENCH_OP_QFILEINFO, "3", "QUERY_FILE_INFORMATION (fstat)"),
	CPU_OPT("qfsinfo", DBENCH_OP_QFSINFO, "4", "QUERY_FS_INFORMATION (statvfs)"),
	CPU_OPT("sfileinfo", DBENCH_OP_SFILEINFO, "8", "SET_FILE_INFORMATION (utime)"),
	CPU_OPT("find", DBENCH_OP_FIND, "30", "FIND_FIRST (readdir)"),
	CPU_OPT("writex", DBENCH_OP_WRITEX, "6", "WriteX, before copying"),
	CPU_OPT("readx", DBENCH_OP_READX, "5", "ReadX, before copying"),
	CPU_OPT("lockx", DBENCH_OP_LOCKX, "3", "LockX"),
	CPU_OPT("unlockx", DBENCH_OP_UNLOCKX, "3", "UnlockX"),
	CPU_OPT("flush", DBENCH_OP_FLUSH, "5", "Flush (fsync), before waiting"),
	CPU_OPT("sleep", DBENCH_OP_SLEEP, "1", "Sleep, before sleeping"),
	{ "cpu_per_kib", OPT_TIME, offsetof(struct dbench_params, cpu_per_kib),
	  "400", 0, 1000000, "ns", NULL,
	  "CPU time to copy one KiB between user and page cache (2.5 GB/s memcpy)" },
	{ NULL },
};

const struct opt_table dbench_opt_table = {
	"dbench", "the dbench 4.0 workload", dbench_opts
};

#define MAX_HANDLES	256	/* dbench allows 200 open handles a client */

struct handle {
	int32_t fnum;
	bool used;
	struct inode *inode;
};

struct dbench_client {
	struct task t;
	struct dbench_instance *inst;
	unsigned int id;
	uint64_t anon_pages;	/* its part of vm.anon_mem, touched at release */
	struct handle h[MAX_HANDLES];
	/* the op under way, for a run cut before it ends (dbench_cut) */
	bool in_op;
	enum dbench_op_type op_type;
	uint64_t op_line;
	sim_time_t op_began, op_bdp;
};

static struct handle *handle_find(struct dbench_client *c, int32_t fnum,
				  bool add)
{
	unsigned int i = (uint32_t)fnum % MAX_HANDLES;

	for (unsigned int n = 0; n < MAX_HANDLES; n++, i = (i + 1) % MAX_HANDLES) {
		if (c->h[i].used && c->h[i].fnum == fnum)
			return &c->h[i];
		if (!c->h[i].used)
			return add ? &c->h[i] : NULL;
	}
	return NULL;
}

/* The inode behind path @id for this client, or NULL. */
static struct inode *resolve(struct dbench_client *c, uint32_t id)
{
	const struct dbench_loadfile *lf = c->inst->lf;
	struct inode *dir;
	char name[DBENCH_TOKEN_MAX + 16];
	int len;

	if (id == DBENCH_PATH_ROOT)
		return c->inst->sb->s_root;
	dir = resolve(c, lf->paths[id].parent);
	if (!dir)
		return NULL;
	len = dbench_name_format(lf, id, c->id, name, sizeof(name));
	return len < 0 ? NULL : vfs_lookup(dir, name, (size_t)len);
}

/* The parent directory of path @id and its last component. */
static struct inode *resolve_parent(struct dbench_client *c, uint32_t id,
				    char *name, size_t size, int *len)
{
	const struct dbench_loadfile *lf = c->inst->lf;

	*len = dbench_name_format(lf, id, c->id, name, size);
	if (*len < 0 || id == DBENCH_PATH_ROOT)
		return NULL;
	return resolve(c, lf->paths[id].parent);
}

static void op_failed(struct dbench_client *c)
{
	c->inst->nr_errors++;
}

static void do_ntcreatex(struct dbench_client *c, const struct dbench_op *op)
{
	struct machine *m = c->inst->m;
	unsigned int disp = op->ntcreatex.disposition;
	bool create = disp == DBENCH_FILE_CREATE || disp == DBENCH_FILE_SUPERSEDE ||
		      disp == DBENCH_FILE_OVERWRITE || disp == DBENCH_FILE_OVERWRITE_IF;
	bool trunc = disp == DBENCH_FILE_OVERWRITE || disp == DBENCH_FILE_OVERWRITE_IF ||
		     disp == DBENCH_FILE_SUPERSEDE;
	char name[DBENCH_TOKEN_MAX + 16];
	struct inode *dir, *inode = NULL;
	struct handle *h;
	int len;

	if (!op->status_ok) {
		resolve(c, op->path);	/* the failing open still walks */
		return;
	}
	dir = resolve_parent(c, op->path, name, sizeof(name), &len);
	if (op->ntcreatex.create_options & DBENCH_FILE_DIRECTORY_FILE) {
		if (dir)
			vfs_create(m, &c->t, dir, name, (size_t)len, true, &inode);
	} else if (dir) {
		inode = vfs_lookup(dir, name, (size_t)len);
		if (!inode && create &&
		    vfs_create(m, &c->t, dir, name, (size_t)len, false, &inode))
			inode = NULL;
		else if (inode && trunc && !inode->is_dir)
			vfs_truncate(m, &c->t, inode, 0);
	} else {
		inode = resolve(c, op->path);	/* the root */
	}
	if (!inode) {
		op_failed(c);
		return;
	}
	h = handle_find(c, op->fnum, true);
	if (!h) {
		op_failed(c);
		return;
	}
	if (h->used)
		vfs_close(m, &c->t, h->inode);
	*h = (struct handle){ .fnum = op->fnum, .used = true, .inode = inode };
	vfs_open(inode);
}

static struct inode *handle_inode(struct dbench_client *c, int32_t fnum)
{
	struct handle *h = handle_find(c, fnum, false);

	if (!h) {
		op_failed(c);
		return NULL;
	}
	return h->inode;
}

static void do_close(struct dbench_client *c, const struct dbench_op *op)
{
	struct handle *h = handle_find(c, op->fnum, false);

	if (!h) {
		op_failed(c);
		return;
	}
	/* remove, keeping the probe chains of the other handles intact */
	vfs_close(c->inst->m, &c->t, h->inode);
	h->used = false;
	for (unsigned int i = (unsigned int)(h - c->h + 1) % MAX_HANDLES;
	     c->h[i].used; i = (i + 1) % MAX_HANDLES) {
		struct handle tmp = c->h[i];

		c->h[i].used = false;
		*handle_find(c, tmp.fnum, true) = tmp;
	}
}

static void do_unlink(struct dbench_client *c, const struct dbench_op *op)
{
	char name[DBENCH_TOKEN_MAX + 16];
	struct inode *dir;
	int len;

	dir = resolve_parent(c, op->path, name, sizeof(name), &len);
	if (!op->status_ok)
		return;
	if (!dir || vfs_unlink(c->inst->m, &c->t, dir, name, (size_t)len))
		op_failed(c);
}

static void do_rename(struct dbench_client *c, const struct dbench_op *op)
{
	char oname[DBENCH_TOKEN_MAX + 16], nname[DBENCH_TOKEN_MAX + 16];
	struct inode *odir, *ndir;
	int olen, nlen;

	odir = resolve_parent(c, op->path, oname, sizeof(oname), &olen);
	ndir = resolve_parent(c, op->path2, nname, sizeof(nname), &nlen);
	if (!op->status_ok)
		return;
	if (!odir || !ndir ||
	    vfs_rename(c->inst->m, &c->t, odir, oname, (size_t)olen, ndir, nname,
		       (size_t)nlen))
		op_failed(c);
}

static void do_mkdir(struct dbench_client *c, const struct dbench_op *op)
{
	char name[DBENCH_TOKEN_MAX + 16];
	struct inode *dir, *inode;
	int len;

	dir = resolve_parent(c, op->path, name, sizeof(name), &len);
	if (dir)	/* dbench ignores mkdir's result */
		vfs_create(c->inst->m, &c->t, dir, name, (size_t)len, true, &inode);
}

static void do_deltree(struct dbench_client *c, uint32_t path)
{
	char name[DBENCH_TOKEN_MAX + 16];
	struct inode *dir;
	int len;

	dir = resolve_parent(c, path, name, sizeof(name), &len);
	if (dir)
		vfs_deltree(c->inst->m, &c->t, dir, name, (size_t)len);
}

/* Run one op; returns the bytes dbench counts for it. */
static void run_op(struct dbench_client *c, const struct dbench_op *op)
{
	struct machine *m = c->inst->m;
	const struct dbench_params *p = c->inst->p;
	uint64_t bytes = dbench_op_bytes(op);
	struct inode *inode;

	cpu_burn(&c->t, p->cpu[op->type] + bytes * p->cpu_per_kib / 1024);
	switch (op->type) {
	case DBENCH_OP_NTCREATEX:
		do_ntcreatex(c, op);
		break;
	case DBENCH_OP_CLOSE:
		do_close(c, op);
		break;
	case DBENCH_OP_WRITEX:
		inode = handle_inode(c, op->fnum);
		if (inode && op->status_ok)
			vfs_write(m, &c->t, inode, op->rw.offset, op->rw.size);
		break;
	case DBENCH_OP_READX:
		inode = handle_inode(c, op->fnum);
		if (inode && op->status_ok)
			vfs_read(m, &c->t, inode, op->rw.offset, op->rw.size);
		break;
	case DBENCH_OP_FLUSH:
		inode = handle_inode(c, op->fnum);
		if (inode)
			vfs_fsync(m, &c->t, inode);
		break;
	case DBENCH_OP_UNLINK:
	case DBENCH_OP_RMDIR:
		do_unlink(c, op);
		break;
	case DBENCH_OP_RENAME:
		do_rename(c, op);
		break;
	case DBENCH_OP_MKDIR:
		do_mkdir(c, op);
		break;
	case DBENCH_OP_DELTREE:
		do_deltree(c, op->path);
		break;
	case DBENCH_OP_QPATHINFO:
	case DBENCH_OP_FIND:
		resolve(c, op->path);
		break;
	case DBENCH_OP_SFILEINFO:
		inode = handle_inode(c, op->fnum);
		if (inode)	/* utime: the inode is dirty */
			inode->i_sb->s_op->write_inode(inode, false);
		break;
	case DBENCH_OP_QFILEINFO:
	case DBENCH_OP_LOCKX:
	case DBENCH_OP_UNLOCKX:
		handle_inode(c, op->fnum);
		break;
	case DBENCH_OP_QFSINFO:
		break;
	case DBENCH_OP_SLEEP:
		schedule_timeout(&c->t, NULL, (sim_time_t)op->sleep.usec * NSEC_PER_USEC);
		break;
	default:
		break;
	}
}

/*
 * An op of client @c of type @type, loadfile line @line, that began at
 * @began ended now: count it if the kernel's watchdog would have called it
 * hung, and keep the longest. The whole op counts (CPU, throttling, I/O
 * waits), from the warm-up to the cleanup: a hang is one whenever it is.
 */
static void note_op_wait(struct dbench_client *c, enum dbench_op_type type,
			 uint64_t line, sim_time_t began, sim_time_t bdp_before)
{
	struct dbench_instance *inst = c->inst;
	sim_time_t ns = inst->m->sim.now - began;
	sim_time_t bdp = c->t.bdp_ns - bdp_before;

	if (ns > DBENCH_HUNG_TASK_TIMEOUT) {
		inst->nr_hung++;
		/* docs/long-waits.md: throttling, or an fsync waiting for
		 * its filesystem's commits, explains every such wait so far;
		 * one of any other kind is a new mechanism */
		if (bdp < ns / 2) {
			inst->nr_hung_unthrottled++;
			if (type == DBENCH_OP_FLUSH)
				inst->nr_hung_fsync++;
		}
	}
	if (ns > inst->longest.ns)
		inst->longest = (struct dbench_op_wait){
			.ns = ns, .began = began, .type = type,
			.client = c->id, .line = line,
			.bdp_ns = bdp,
		};
}

static void op_enter(struct dbench_client *c, enum dbench_op_type type,
		     uint64_t line, sim_time_t began, sim_time_t bdp)
{
	c->in_op = true;
	c->op_type = type;
	c->op_line = line;
	c->op_began = began;
	c->op_bdp = bdp;
}

static void client_fn(struct task *t)
{
	struct dbench_client *c = t->priv;
	struct dbench_instance *inst = c->inst;
	const struct dbench_loadfile *lf = inst->lf;
	struct machine *m = inst->m;
	uint32_t clients_dir;
	sim_time_t began, bdp;

	if (inst->start > m->sim.now)
		schedule_timeout(t, NULL, inst->start - m->sim.now);
	mm_touch_anon(&m->mm, c->anon_pages);
	for (uint64_t pass = 0;; pass++) {
		dbench_stats_pass_start(&inst->st, c->id);
		for (uint32_t i = 0; i < lf->nr_ops; i++) {
			const struct dbench_op *op = &lf->ops[i];

			if (dbench_stats_done(&inst->st))
				goto cleanup;
			/* dbench's counter runs on over every pass; the op's own
			 * file line is what the hung-task record names */
			dbench_stats_op_begin(&inst->st, c->id, m->sim.now,
					      dbench_loadfile_line_count(lf, pass, op),
					      DBENCH_UNTIMED);
			began = m->sim.now;
			bdp = t->bdp_ns;
			op_enter(c, op->type, op->line, began, bdp);
			run_op(c, op);
			c->in_op = false;
			note_op_wait(c, op->type, op->line, began, bdp);
			dbench_stats_op_end(&inst->st, c->id, op->type, m->sim.now,
					    dbench_op_bytes(op));
		}
	}
cleanup:
	/* close what is open, then remove /clients/client<id> */
	for (unsigned int i = 0; i < MAX_HANDLES; i++)
		if (c->h[i].used) {
			vfs_close(m, t, c->h[i].inode);
			c->h[i].used = false;
		}
	began = m->sim.now;
	bdp = t->bdp_ns;
	op_enter(c, DBENCH_OP_DELTREE, 0, began, bdp);
	if (!dbench_path_lookup(lf, "/clients/client1", &clients_dir))
		do_deltree(c, clients_dir);
	c->in_op = false;
	note_op_wait(c, DBENCH_OP_DELTREE, 0, began, bdp);
	dbench_stats_client_finished(&inst->st, c->id);
	if (++inst->nr_finished == inst->st.nclients) {
		inst->finished = true;
		inst->finish_time = m->sim.now;
	}
}

static void tick_fn(struct sim *sim, struct sim_event *ev)
{
	struct dbench_instance *inst = container_of(ev, struct dbench_instance, tick);

	if (inst->finished) {
		dbench_stats_finish(&inst->st, inst->finish_time, inst->log);
		fflush(inst->log);
		return;
	}
	dbench_stats_tick(&inst->st, sim->now, inst->log);
	sim_schedule_in(sim, ev, NSEC_PER_SEC);
}

/* One offset per instance at most, each in [0, duration): decimal only. */
static int parse_offsets(const struct dbench_params *p, double *off, int n,
			 sim_time_t duration, char *err, size_t errlen)
{
	double limit = (double)duration / NSEC_PER_SEC;
	char at[4200];

	config_where(p->cfg, "dbench.start_offsets", at, sizeof(at));
	if (p->start_offsets.n > (unsigned int)n) {
		snprintf(err, errlen, "%sdbench.start_offsets: more offsets than instances (%d)",
			 at, n);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < p->start_offsets.n; i++) {
		const char *tok = opt_list_item(&p->start_offsets, i);
		char *end;

		off[i] = strtod(tok, &end);
		if (*end || !isdigit((unsigned char)tok[0]) ||
		    (tok[0] == '0' && isalnum((unsigned char)tok[1]))) {
			snprintf(err, errlen, "%sdbench.start_offsets: '%s' is not a decimal number of seconds",
				 at, tok);
			return -EINVAL;
		}
		if (off[i] >= limit) {
			snprintf(err, errlen, "%sdbench.start_offsets: %s s is not before the end of the run (sim.duration %g s)",
				 at, tok, limit);
			return -EINVAL;
		}
	}
	return 0;
}

static struct super_block *sb_by_name(struct machine *m, const char *name)
{
	for (struct list_head *pos = m->super_blocks.next; pos != &m->super_blocks;
	     pos = pos->next) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb != &m->bdev_sb && !strcmp(sb->s_id, name))
			return sb;
	}
	return NULL;
}

/*
 * The partitions that run an instance: dbench.instances or every mount (a
 * thousand mounts do not fit an option). Return: a malloc'd array of
 * names, *n of them (pointing into @p or the super blocks), or NULL.
 */
static const char **instance_list(struct machine *m,
				  const struct dbench_params *p, int *n)
{
	size_t nr = p->instances.n;
	const char **names;

	*n = 0;
	if (!nr)
		for (struct list_head *pos = m->super_blocks.next;
		     pos != &m->super_blocks; pos = pos->next)
			nr++;
	names = calloc(nr + 1, sizeof(*names));
	if (!names)
		return NULL;
	if (p->instances.n) {
		for (unsigned int i = 0; i < p->instances.n; i++)
			names[(*n)++] = opt_list_item(&p->instances, i);
		return names;
	}
	for (struct list_head *pos = m->super_blocks.next; pos != &m->super_blocks;
	     pos = pos->next) {
		struct super_block *sb = list_entry(pos, struct super_block, s_list);

		if (sb != &m->bdev_sb)
			names[(*n)++] = sb->s_id;
	}
	return names;
}

static int add_instance(struct dbench_run *dr, struct machine *m,
			const struct dbench_params *p, struct super_block *sb,
			sim_time_t start, sim_time_t duration, const char *outdir,
			char *err, size_t errlen)
{
	struct dbench_instance *inst;

	/* dr->inst was sized for every listed partition (dbench_setup) */
	inst = &dr->inst[dr->nr_inst++];
	inst->m = m;
	inst->p = p;
	inst->lf = &dr->lf;
	inst->sb = sb;
	inst->start = start;
	inst->lp = (struct dbench_log_params){
		.loadfile = p->loadfile, .timelimit = (int)(duration / NSEC_PER_SEC),
		.warmup = -1, .nprocs = p->clients, .clients_per_process = 1,
		.per_client_results = p->per_client_results,
	};
	if (outdir)
		snprintf(inst->log_path, sizeof(inst->log_path), "%s/dbench.%s.log",
			 outdir, sb->s_id);
	else
		snprintf(inst->log_path, sizeof(inst->log_path), "/dev/null");
	inst->log = fopen(inst->log_path, "w");
	if (!inst->log) {
		snprintf(err, errlen, "%s: %s", inst->log_path, strerror(errno));
		return -errno;
	}
	dbench_log_header(inst->log, &inst->lp);
	if (dbench_stats_init(&inst->st, &inst->lp, start)) {
		snprintf(err, errlen, "dbench: out of memory");
		return -ENOMEM;
	}
	dbench_log_launch(inst->log, &inst->lp);
	inst->clients = calloc(p->clients, sizeof(*inst->clients));
	if (!inst->clients)
		return -ENOMEM;
	for (unsigned int i = 0; i < p->clients; i++) {
		struct dbench_client *c = &inst->clients[i];

		c->inst = inst;
		c->id = i;
		if (kthread_run(&m->cs, &c->t, "dbench", client_fn, c))
			return -ENOMEM;
		/* its writes are counted with its instance's (io-writer.h) */
		c->t.io_group = inst->sb->s_id;
	}
	sim_event_init(&inst->tick, tick_fn, "dbench_tick");
	sim_schedule_at(&m->sim, &inst->tick, start + NSEC_PER_SEC);
	return 0;
}

/*
 * The machine's process memory (vm.anon_mem) is the clients': each
 * touches an equal part when released (mm_anon_untouched()).
 */
static void share_anon(struct dbench_run *dr, struct machine *m)
{
	uint64_t total = global_page_state(&m->mm, NR_ANON_PAGES);
	uint64_t nr = 0, k = 0;

	for (int i = 0; i < dr->nr_inst; i++)
		nr += dr->inst[i].p->clients;
	for (int i = 0; i < dr->nr_inst; i++)
		for (unsigned int c = 0; c < dr->inst[i].p->clients; c++, k++)
			dr->inst[i].clients[c].anon_pages =
				total * (k + 1) / nr - total * k / nr;
	mm_anon_untouched(&m->mm);
}

/**
 * dbench_setup - load the loadfile and start the instances' clients
 * @duration: dbench -t: the execute phase, after a warm-up of duration/5
 * @outdir: the run directory for dbench.PART.log files, or NULL
 * Return: 0, -EINVAL with @err ("file:line: message" for the loadfile).
 */
int dbench_setup(struct dbench_run *dr, struct machine *m,
		 const struct dbench_params *p, sim_time_t duration,
		 const char *outdir, char *err, size_t errlen)
{
	const char **list;
	double *off;
	int ret, n;

	memset(dr, 0, sizeof(*dr));
	ret = dbench_loadfile_load(&dr->lf, p->loadfile);
	if (ret) {
		size_t len = strlen(p->loadfile);
		char at[4200] = "";

		/* "path: reason" (cannot open it): name the line that set it */
		if (!strncmp(dr->lf.err, p->loadfile, len) &&
		    !strncmp(dr->lf.err + len, ": ", 2))
			config_where(p->cfg, "dbench.loadfile", at, sizeof(at));
		snprintf(err, errlen, "%s%s", at, dr->lf.err);
		return -EINVAL;
	}
	list = instance_list(m, p, &n);
	if (!list)
		return -ENOMEM;
	off = calloc(n + 1, sizeof(*off));
	dr->inst = calloc(n + 1, sizeof(*dr->inst));
	if (!off || !dr->inst) {
		ret = -ENOMEM;
		goto out;
	}
	ret = parse_offsets(p, off, n, duration, err, errlen);
	if (ret)
		goto out;
	for (int i = 0; i < n; i++) {
		const char *tok = list[i];
		struct super_block *sb = sb_by_name(m, tok);
		char at[4200];

		config_where(p->cfg, "dbench.instances", at, sizeof(at));
		if (!sb) {
			snprintf(err, errlen, "%sdbench.instances: '%s' is not a mounted partition (see sim.mount)",
				 at, tok);
			ret = -EINVAL;
			goto out;
		}
		/* two instances on one partition would share one log */
		for (int j = 0; j < dr->nr_inst; j++)
			if (dr->inst[j].sb == sb) {
				snprintf(err, errlen, "%sdbench.instances: '%s' listed twice",
					 at, tok);
				ret = -EINVAL;
				goto out;
			}
		ret = add_instance(dr, m, p, sb, (sim_time_t)(off[i] * 1e9),
				   duration, outdir, err, errlen);
		if (ret)
			goto out;
	}
	if (!dr->nr_inst) {
		snprintf(err, errlen, "dbench: no instance (nothing mounted?)");
		ret = -EINVAL;
		goto out;
	}
	share_anon(dr, m);
out:
	free(off);
	free(list);
	return ret;
}

bool dbench_all_finished(const struct dbench_run *dr)
{
	for (int i = 0; i < dr->nr_inst; i++)
		if (!dr->inst[i].finished || sim_event_pending(&dr->inst[i].tick))
			return false;
	return true;
}

/**
 * dbench_cut - the run stops at its time limit with clients still busy:
 * count each op under way as it stands (a hung-task count that left out
 * the ops that never ended would hide the longest waits), and say how
 * many clients are unfinished and how many of those sit in
 * balance_dirty_pages
 */
void dbench_cut(struct dbench_run *dr, struct dbench_unfinished *u)
{
	*u = (struct dbench_unfinished){ 0 };
	for (int i = 0; i < dr->nr_inst; i++) {
		struct dbench_instance *inst = &dr->inst[i];
		const sim_time_t now = inst->m->sim.now;

		for (unsigned int n = 0; inst->clients && n < inst->p->clients; n++) {
			struct dbench_client *c = &inst->clients[n];
			sim_time_t in = c->t.bdp_since;

			u->nclients++;
			if (inst->st.c[n].cleanup_finished)
				continue;
			u->clients++;
			if (in) {
				u->in_bdp++;
				u->bdp_open_ns += now - c->t.bdp_mark;
				if (now - in > u->bdp_longest_ns)
					u->bdp_longest_ns = now - in;
				/* the stay so far counts as throttled time,
				 * less the pauses already counted in it */
				c->t.bdp_ns += now - c->t.bdp_mark;
				c->t.bdp_since = now;
				c->t.bdp_mark = now;
			}
			if (c->in_op) {
				note_op_wait(c, c->op_type, c->op_line,
					     c->op_began, c->op_bdp);
				c->in_op = false;
			}
		}
	}
}

/**
 * dbench_teardown - free the clients (after machine_exit's sim_exit is
 * fine too: nothing here touches the event queue)
 * Return: 0, or -errno when a log could not be written whole.
 */
int dbench_teardown(struct dbench_run *dr)
{
	int ret = 0;

	for (int i = 0; i < dr->nr_inst; i++) {
		struct dbench_instance *inst = &dr->inst[i];

		for (unsigned int c = 0; inst->clients && c < inst->p->clients; c++)
			kthread_free(&inst->clients[c].t);
		free(inst->clients);
		dbench_stats_free(&inst->st);
		/* an earlier failed write leaves the stream's error flag set,
		 * and fclose() alone may not report it */
		if (inst->log && (ferror(inst->log) | fclose(inst->log)) && !ret)
			ret = errno ? -errno : -EIO;
	}
	dbench_loadfile_free(&dr->lf);
	free(dr->inst);
	dr->inst = NULL;
	dr->nr_inst = 0;
	return ret;
}
