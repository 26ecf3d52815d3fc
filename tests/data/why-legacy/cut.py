import struct, sys
# cut.py SRC DST FROM TO [FROM TO]...: the records of a binary blktrace in
# the windows (seconds from its first record), with the process-name and
# timestamp records of the pids they name
src, dst = sys.argv[1], sys.argv[2]
w = [float(x) for x in sys.argv[3:]]
wins = list(zip(w[0::2], w[1::2]))
d = open(src, 'rb').read()
recs = []; i = 0; t0 = None
while i + 48 <= len(d):
    (magic, seq, time, sector, nbytes, action, pid, dev, cpu, err, pdu_len) = struct.unpack_from('<IIQQIIIIIHH', d, i)
    recs.append((time, action, pid, d[i:i + 48 + pdu_len])); i += 48 + pdu_len
    if t0 is None and not (action >> 16) & (1 << 10): t0 = time
# the requests queued (Q, 1) in the windows, and every later record of
# their first sector (G, I, D, C...), so that each is seen to completion
sect = lambda rec: struct.unpack_from('<Q', rec, 16)[0]
first = {}
for time, action, pid, rec in recs:
    notify = (action >> 16) & (1 << 10)
    rel = (time - t0) / 1e9
    if not notify and (action & 0xffff) == 1 and any(a <= rel < b for a, b in wins):
        first.setdefault(sect(rec), time)
pids = set(); sel = []
for time, action, pid, rec in recs:
    notify = (action >> 16) & (1 << 10)
    if not notify and sect(rec) in first and time >= first[sect(rec)]:
        sel.append(rec); pids.add(pid)
    else:
        sel.append(None)
out = bytearray(); n = 0
for (time, action, pid, rec), s in zip(recs, sel):
    notify = (action >> 16) & (1 << 10)
    if notify:
        if (action & 0xffff) == 1 or ((action & 0xffff) == 0 and pid in pids):
            out += rec
    elif s is not None:
        out += rec; n += 1
open(dst, 'wb').write(out)
print(n, len(out))
