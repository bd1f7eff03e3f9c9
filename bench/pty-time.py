#!/usr/bin/env python3
"""Times one run of a command; prints one JSON line.

  pty-time.py [--pty COLSxROWS] [--until REGEX] [--timeout S] [--null-stdout] -- CMD ARGS...

--pty      run the command in a fresh pseudo-terminal of that size (its controlling terminal),
           as a user's terminal would; without it stdin is /dev/null and stdout/stderr are pipes.
--until    stop the clock when REGEX matches the output (ANSI escape sequences stripped), then
           SIGKILL the child; without it the clock stops when the child exits.
--null-stdout  (without --pty) stdout is /dev/null, as `CMD > /dev/null`; stderr stays a pipe.

Output: {"ms": elapsed, "matched": bool, "status": exit status or -signal,
         "first_ms": time to the first visible (non-escape) output,
         "maxrss_kib": the child's peak resident set (wait4 rusage), "cpu_ms": its user+system CPU
         time (wait4 rusage), "out_bytes": n}
The clock starts just before fork(), so interpreter start-up of this helper is not counted.
"""
import argparse, fcntl, json, os, re, select, signal, struct, sys, termios, time

ANSI = re.compile(rb'\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[P^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--pty')
    ap.add_argument('--until')
    ap.add_argument('--timeout', type=float, default=20.0)
    ap.add_argument('--null-stdout', action='store_true')
    ap.add_argument('--stop-signal', default='KILL', help='signal sent at the match (KILL; INT lets it exit and write, e.g., a --cpu-prof)')
    ap.add_argument('cmd', nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == '--' else a.cmd
    if not cmd:
        ap.error('no command')
    until = re.compile(a.until.encode()) if a.until else None

    if a.pty:
        cols, rows = (int(x) for x in a.pty.lower().split('x'))
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
        fds = [master]
    else:
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        fds = [out_r, err_r]

    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            if a.pty:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
            else:
                devnull = os.open(os.devnull, os.O_RDONLY)
                os.dup2(devnull, 0)
                if a.null_stdout:
                    sink = os.open(os.devnull, os.O_WRONLY)
                    os.dup2(sink, 1)
                    os.close(sink)
                else:
                    os.dup2(out_w, 1)
                os.dup2(err_w, 2)
                for fd in (out_r, out_w, err_r, err_w, devnull):
                    if fd > 2:
                        os.close(fd)
            os.execvp(cmd[0], cmd)
        except BaseException as e:  # noqa: BLE001
            os.write(2, f'exec failed: {e}\n'.encode())
        os._exit(127)

    if a.pty:
        os.close(slave)
    else:
        os.close(out_w)
        os.close(err_w)

    seen = b''
    out_bytes = 0
    first = None
    matched = False
    elapsed = None
    deadline = t0 + a.timeout
    open_fds = list(fds)
    status = None
    rusage = None
    killed = False
    while open_fds:
        now = time.perf_counter()
        if now > deadline and not killed:
            os.kill(pid, signal.SIGKILL)
            killed = True
        r, _, _ = select.select(open_fds, [], [], 0.05)
        for fd in r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the pty's other side is closed
                chunk = b''
            if not chunk:
                open_fds.remove(fd)
                continue
            out_bytes += len(chunk)
            if first is None and ANSI.sub(b'', chunk).strip():
                first = time.perf_counter() - t0
            if until is not None and not matched:
                seen += chunk
                if until.search(ANSI.sub(b'', seen)):
                    elapsed = time.perf_counter() - t0
                    matched = True
                    if not killed:
                        os.kill(pid, getattr(signal, 'SIG' + a.stop_signal))
                        killed = a.stop_signal == 'KILL'
                        if not killed:
                            deadline = time.perf_counter() + 10
        if status is None:
            wpid, st, ru = os.wait4(pid, os.WNOHANG)
            if wpid == pid:
                status, rusage = st, ru
                if elapsed is None and until is None:
                    elapsed = time.perf_counter() - t0
                if a.pty:
                    # drain what is left, then stop: a pty may never report EOF to us
                    while True:
                        r, _, _ = select.select([master], [], [], 0)
                        if not r:
                            break
                        try:
                            chunk = os.read(master, 65536)
                        except OSError:
                            break
                        if not chunk:
                            break
                        out_bytes += len(chunk)
                    break
    if status is None:
        _, status, rusage = os.wait4(pid, 0)
        if elapsed is None and until is None:
            elapsed = time.perf_counter() - t0
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
    code = os.waitstatus_to_exitcode(status)
    res = {
        'ms': None if elapsed is None else round(elapsed * 1000, 3),
        'matched': matched,
        'first_ms': None if first is None else round(first * 1000, 3),
        'status': code,
        'maxrss_kib': rusage.ru_maxrss,
        # CPU the child used (all its threads) until it ended or was killed at the match: steadier
        # than the clock on a busy machine, which stretches the wall time but not the work.
        'cpu_ms': round((rusage.ru_utime + rusage.ru_stime) * 1000, 3),
        'out_bytes': out_bytes,
    }
    if until is not None and not matched:
        res['tail'] = ANSI.sub(b'', seen)[-600:].decode('utf-8', 'replace')
    print(json.dumps(res))


if __name__ == '__main__':
    main()
