/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbench 4.0 loadfiles (client.txt): parsed once into a compact op program
 * that every simulated client of every instance shares read-only.
 *
 * What dbench 4.0 does with a line (child_run() in child.c, next_token()
 * and all_string_sub() in util.c), and so what this parser does:
 *
 *   1. every '\\' becomes '/', then every " /" becomes " " (this strips the
 *      leading slash of an UNQUOTED path, which dbench then does not treat
 *      as a path at all; quoted paths keep it);
 *   2. the line is split on spaces (only ' ', not tabs); a '"' toggles
 *      quoting and is dropped, so "a b" is one token without quotes;
 *   3. lines without tokens, and lines whose first token starts with '#',
 *      are skipped (they still count as lines);
 *   4. a first token starting with a digit is a target time in seconds
 *      (strtod), relative to the start of the pass over the file; 0 means
 *      none;
 *   5. the last token is the expected status: it must start with
 *      "NT_STATUS_" or "0x"; success is "NT_STATUS_OK" or a 0x value of 0
 *      (expected_status() in fileio.c), anything else an expected failure;
 *   6. the op name is matched case-sensitively (child_op()); numbers are
 *      strtol(s, NULL, 0): decimal, 0x hex or 0 octal;
 *   7. a path argument (it starts with '/') is prefixed with the client's
 *      directory (-D) and EVERY "client1" in the result is replaced by
 *      "client<id>", id being dbench's 0-based client number: client 0
 *      works in /clients/client0, client 1 in /clients/client1.
 *
 * Where dbench is lax this parser is strict, and says "file:line: what is
 * wrong" instead (-EINVAL): an unknown op, a wrong argument count, a
 * number strtol would not consume whole or out of the range of the C type
 * dbench stores it in, a bad status, a path argument that is not a quoted
 * absolute path, a "." or ".." path component, an unterminated quote, a
 * token longer than dbench's 100-byte token buffers, a line longer than
 * dbench's fgets() reads whole (1021 characters), a NUL byte, a dbench 1
 * ("SMB...") loadfile and a lone op without status. dbench 4.0 also cuts
 * the last character of a final line without '\n'; we do not. After
 * parsing, a ReadX that reads past the end of a file whose size the
 * loadfile itself gives, and expects more bytes than the file holds
 * there, is refused too (dbench-filesize.c).
 *
 * What dbench 4.0's file system backend (fileio.c) does with each op,
 * for an executor (a mismatch with the expected status that "fails" the
 * client makes dbench exit):
 *
 *   NTCreateX path options disposition fnum: resolve_name(path); options
 *	0x1 (FILE_DIRECTORY_FILE): mkdir(path) then open the directory;
 *	disposition CREATE: O_CREAT, OVERWRITE(_IF): O_CREAT|O_TRUNC, others
 *	open an existing file only; -s adds O_SYNC. An open that fails when
 *	success was expected (or the reverse) is only reported; a success
 *	registers fnum (at most 200 open handles per client).
 *   Close fnum: close. Flush fnum: fsync.
 *   WriteX fnum offset size ret: pwrite of size zero bytes, which must
 *	return ret (else exit); -F: fsync after it. ReadX: pread of size
 *	bytes, compared with ret, the bytes the recorded server returned
 *	(a mismatch is only reported). Both count size bytes.
 *   Unlink path attr / Rmdir path / Rename old new: the call's success must
 *	match the status (else the client fails); -S: fdatasync of the parent
 *	directory (of new for Rename) afterwards. Mkdir path: mkdir, result
 *	ignored. Deltree path: remove the tree, no status check.
 *   QUERY_PATH_INFORMATION path level: resolve_name(path). QUERY_FILE_...
 *	fnum level: fstat. QUERY_FS_INFORMATION level: statvfs of the -D
 *	directory. SET_FILE_INFORMATION fnum level: fstat, then utime to
 *	atime - 10 s, mtime - 12 s.
 *   FIND_FIRST pattern level maxcnt count: resolve_name(pattern); if it has
 *	one of <>*?", read up to maxcnt entries of its directory.
 *   LockX / UnlockX fnum offset size: fcntl(F_SETLKW) write lock / unlock.
 *   Sleep usec: usleep.
 *   resolve_name(): stat(path); if that fails (and not --no-resolve),
 *	readdir the parent looking for a case-insensitive match, as Samba's
 *	pvfs_resolve_name() would.
 *   Unknown handles make dbench exit. After the run each client removes
 *   /clients/client<id> (Deltree) and tries rmdir /clients (cleanup).
 *
 * Paths. Each distinct path is interned ONCE with "client1" left in it
 * (the template) and normalised: '/'-separated, empty components dropped,
 * no trailing '/'. Path 0 is the client's base directory ("/", dbench's
 * -D directory); every ancestor of an interned path is interned too, so
 * a file system model can resolve a path id by its parent id and last
 * component alone, without string operations at run time:
 *
 *	id  template                        parent  name             flags
 *	0   /                               0       ""
 *	1   /clients/client1                2       "client1"        NAME|CLIENT
 *	2   /clients                        0       "clients"
 *	3   /clients/client1/~dmtmp         1       "~dmtmp"         CLIENT
 *
 * DBENCH_PATH_NAME_CLIENT: the last component contains "client1", so its
 * name differs per client. DBENCH_PATH_PER_CLIENT: it or an ancestor
 * does, so each client has its own object behind the id; without it all
 * clients of an instance share the object ("/clients"). When
 * lf->cross_client_names is false (client.txt) no template names another
 * client's directory literally, so (client, path id) identifies an object
 * exactly; when true, two clients' names may coincide (a template
 * "client12" for client 1 is client 12's "client1") and an executor that
 * must be exact has to compare formatted names.
 */
#ifndef WBSIM_DBENCH_LOADFILE_H
#define WBSIM_DBENCH_LOADFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/sim.h"

#define DBENCH_LINE_MAX		1021	/* fgets(line, 1023) then chop '\n' */
#define DBENCH_TOKEN_MAX	99	/* params[i] = malloc(100) */
#define DBENCH_MAX_TOKENS	19	/* i < 19 && next_token(...) */
#define DBENCH_MAX_ARGS		4	/* most arguments an op takes */
#define DBENCH_ERR_MAX		512
#define DBENCH_LOADFILE_DEFAULT	"/usr/share/dbench/client.txt"

/*
 * The ops, in the order of dbench's report table (op_names[] in
 * dbench.c); Sleep is executed but never counted.
 */
enum dbench_op_type {
	DBENCH_OP_NTCREATEX,
	DBENCH_OP_CLOSE,
	DBENCH_OP_RENAME,
	DBENCH_OP_UNLINK,
	DBENCH_OP_DELTREE,
	DBENCH_OP_RMDIR,
	DBENCH_OP_MKDIR,
	DBENCH_OP_QPATHINFO,	/* QUERY_PATH_INFORMATION */
	DBENCH_OP_QFILEINFO,	/* QUERY_FILE_INFORMATION */
	DBENCH_OP_QFSINFO,	/* QUERY_FS_INFORMATION */
	DBENCH_OP_SFILEINFO,	/* SET_FILE_INFORMATION */
	DBENCH_OP_FIND,		/* FIND_FIRST */
	DBENCH_OP_WRITEX,
	DBENCH_OP_READX,
	DBENCH_OP_LOCKX,
	DBENCH_OP_UNLOCKX,
	DBENCH_OP_FLUSH,
	DBENCH_OP_SLEEP,
	DBENCH_OP_NR,
};

#define DBENCH_NR_STAT_OPS	DBENCH_OP_SLEEP	/* rows of the report */

/* NTCreateX create_disposition (dbench.h); fileio.c: CREATE -> O_CREAT,
 * OVERWRITE and OVERWRITE_IF -> O_CREAT|O_TRUNC, the others open only. */
#define DBENCH_FILE_SUPERSEDE		0
#define DBENCH_FILE_OPEN		1
#define DBENCH_FILE_CREATE		2
#define DBENCH_FILE_OPEN_IF		3
#define DBENCH_FILE_OVERWRITE		4
#define DBENCH_FILE_OVERWRITE_IF	5
/* NTCreateX create_options: mkdir first, then open the directory */
#define DBENCH_FILE_DIRECTORY_FILE	0x1

#define DBENCH_PATH_ROOT	0u
#define DBENCH_NO_PATH		UINT32_MAX

/**
 * struct dbench_op - one loadfile line that does something (32 bytes)
 * @type: enum dbench_op_type
 * @status_ok: the line expects success (NT_STATUS_OK or 0x0)
 * @status: the expected status, index into dbench_loadfile.status
 * @line: 1-based line number in the loadfile
 * @path: first path argument (NTCreateX, Rename old, Unlink, Deltree,
 *	Rmdir, Mkdir, QUERY_PATH_INFORMATION, FIND_FIRST pattern), else
 *	DBENCH_NO_PATH
 * @path2: Rename's new name, else DBENCH_NO_PATH
 * @fnum: the handle (NTCreateX, Close, ReadX, WriteX, Flush, LockX,
 *	UnlockX, QUERY_FILE_INFORMATION, SET_FILE_INFORMATION), else 0
 * The union holds the other numbers of the op named in each member.
 */
struct dbench_op {
	uint8_t type;
	uint8_t status_ok;
	uint16_t status;
	uint32_t line;
	uint32_t path;
	uint32_t path2;
	int32_t fnum;
	union {
		struct {
			uint32_t create_options;
			uint32_t disposition;
		} ntcreatex;
		struct {		/* ReadX, WriteX */
			uint32_t offset;
			uint32_t size;	/* the bytes dbench counts */
			uint32_t ret_size;
		} rw;
		struct {		/* LockX, UnlockX */
			uint32_t offset;
			uint32_t size;
		} lock;
		struct {
			uint32_t attr;
		} unlink;
		struct {		/* QUERY_*_INFORMATION, SET_FILE_... */
			uint32_t level;
		} info;
		struct {		/* FIND_FIRST */
			uint32_t level;
			uint32_t maxcnt;
			uint32_t count;
		} find;
		struct {
			uint32_t usec;
		} sleep;
	};
};

#define DBENCH_PATH_NAME_CLIENT	0x1	/* last component has "client1" */
#define DBENCH_PATH_PER_CLIENT	0x2	/* some component has "client1" */
#define DBENCH_PATH_WILDCARD	0x4	/* last component has one of <>*?" */

/**
 * struct dbench_path - one interned path (a template, see above)
 * @parent: the parent directory's id; the root is its own parent
 * @str, @len: the whole template in dbench_loadfile.pool ("/" for root)
 * @name, @name_len: its last component, inside @str ("" for root)
 * @depth: number of components, 0 for the root
 * @flags: DBENCH_PATH_*
 */
struct dbench_path {
	uint32_t parent;
	uint32_t str;
	uint32_t name;
	uint16_t len;
	uint16_t name_len;
	uint16_t depth;
	uint16_t flags;
};

/**
 * struct dbench_status - one distinct expected status
 * @str: its text in the pool ("NT_STATUS_OK", "0xc0000034", ...)
 * @code: the NTSTATUS value: parsed from 0x..., looked up for known
 *	NT_STATUS_ names, DBENCH_STATUS_UNKNOWN for other names
 * @ok: expected_status() would return 0 (success)
 */
struct dbench_status {
	uint32_t str;
	uint32_t code;
	bool ok;
};

#define DBENCH_STATUS_UNKNOWN	UINT32_MAX

/* an interning hash table over strings of the pool (private) */
struct dbench_strent;
struct dbench_strtab {
	struct dbench_strent *slot;
	uint32_t mask;
	uint32_t used;
};

/**
 * struct dbench_loadfile - a parsed loadfile, read-only once parsed
 * @ops, @nr_ops: the ops in file order
 * @target: NULL when no line has a target time; else, per op, its
 *	target time in ns since the start of the pass, 0 for none
 * @paths, @nr_paths: interned paths, index = path id
 * @status, @nr_status: distinct expected statuses
 * @pool: NUL-terminated strings of paths and statuses
 * @nr_lines: lines in the file, skipped ones included: dbench's
 *	per-client line counter advances by this much per pass
 * @nr_by_type: ops of each type
 * @cross_client_names: some component names a "client<digits>" other
 *	than a plain "client1" (see above)
 * @err: "file:line: message" after an error
 */
struct dbench_loadfile {
	struct dbench_op *ops;
	uint32_t nr_ops, ops_cap;
	sim_time_t *target;
	struct dbench_path *paths;
	uint32_t nr_paths, paths_cap;
	struct dbench_status *status;
	uint32_t nr_status, status_cap;
	char *pool;
	size_t pool_len, pool_cap;
	uint32_t nr_lines;
	uint32_t nr_by_type[DBENCH_OP_NR];
	bool cross_client_names;
	struct dbench_strtab path_tab, status_tab;
	char err[DBENCH_ERR_MAX];
};

int dbench_loadfile_load(struct dbench_loadfile *lf, const char *path);
int dbench_loadfile_parse(struct dbench_loadfile *lf, const char *name,
			  const char *buf, size_t len);
int dbench_loadfile_check_reads(struct dbench_loadfile *lf, const char *name);
void dbench_loadfile_free(struct dbench_loadfile *lf);

const char *dbench_op_keyword(enum dbench_op_type type);
const char *dbench_op_stat_name(enum dbench_op_type type);

int dbench_path_lookup(const struct dbench_loadfile *lf, const char *path,
		       uint32_t *id);
int dbench_path_format(const struct dbench_loadfile *lf, uint32_t id,
		       unsigned int client, char *buf, size_t size);
int dbench_name_format(const struct dbench_loadfile *lf, uint32_t id,
		       unsigned int client, char *buf, size_t size);

/**
 * dbench_path_template() - the template of a path ("/" for the root)
 * @lf: the loadfile
 * @id: a path id below lf->nr_paths
 */
static inline const char *dbench_path_template(const struct dbench_loadfile *lf,
					       uint32_t id)
{
	return lf->pool + lf->paths[id].str;
}

/**
 * dbench_status_name() - the text of an expected status
 * @lf: the loadfile
 * @id: a status id below lf->nr_status (dbench_op.status)
 */
static inline const char *dbench_status_name(const struct dbench_loadfile *lf,
					     uint32_t id)
{
	return lf->pool + lf->status[id].str;
}

/**
 * dbench_loadfile_line_count() - dbench's per-client line counter
 * @lf: the loadfile
 * @pass: passes over the file completed before this one (0 first)
 * @op: the op the client is starting
 *
 * child_run() counts every line it reads, comments included, and never
 * resets the count when it rewinds the file; this is its value while
 * the client runs @op.
 */
static inline uint64_t dbench_loadfile_line_count(const struct dbench_loadfile *lf,
						  uint64_t pass,
						  const struct dbench_op *op)
{
	return pass * lf->nr_lines + op->line;
}

/* shared by dbench-loadfile.c and dbench-path.c only */
int dbench_pool_add(struct dbench_loadfile *lf, const char *s, size_t len,
		    uint32_t *off);
uint32_t dbench_strtab_find(const struct dbench_loadfile *lf,
			    const struct dbench_strtab *t,
			    const char *s, size_t len);
int dbench_strtab_add(struct dbench_loadfile *lf, struct dbench_strtab *t,
		      uint32_t off, uint32_t len, uint32_t id);
int dbench_path_init(struct dbench_loadfile *lf);
int dbench_path_intern(struct dbench_loadfile *lf, const char *s, size_t len,
		       uint32_t *id);

#endif
