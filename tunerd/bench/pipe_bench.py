#!/usr/bin/env python3
"""Rough dispatcher figures over the framed pipe (run after `mvn -B -q package` and `mvn -q -pl tunerd test-compile`).

  time-to-ID: start scripts/tunerd, send IN, time until the ID frame arrives (median of N runs).
  throughput: T trials x M PERIODICAL metrics (+ EN each) to a no-op assessor, then a marker metric whose KI ends
              the run; commands per second from the first byte sent to the KI.
"""
import base64, json, os, statistics, subprocess, sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, 'scripts', 'tunerd')
CLASSES = os.path.join(ROOT, 'tunerd', 'target', 'test-classes')


def frame(t, content):
    b = content.encode('utf-8')
    return t.encode('ascii') + b'%014d' % len(b) + b


def exp_params(assessor):
    cfg = {'tuner': {'className': 'dev.tunerd.it.algorithms.SequenceTuner', 'codeDirectory': CLASSES, 'classArgs': {}}}
    if assessor:
        cfg['assessor'] = {'className': 'dev.tunerd.it.algorithms.MarkerAssessor', 'codeDirectory': CLASSES}
    return base64.b64encode(json.dumps(cfg).encode()).decode()


def start(assessor=False):
    return subprocess.Popen([LAUNCHER, '-m', 'nni', '--exp_params', exp_params(assessor)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def time_to_id(runs):
    res = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = start()
        p.stdin.write(frame('IN', '{}'))
        p.stdin.flush()
        hdr = p.stdout.read(16)
        res.append((time.perf_counter() - t0) * 1000)
        assert hdr[:2] == b'ID', hdr
        p.stdin.close()
        p.wait()
    return statistics.median(res), min(res), max(res)


def throughput(trials, metrics):
    parts = []
    for t in range(trials):
        tid = 'T%05d' % t
        for s in range(metrics):
            parts.append(frame('ME', json.dumps({'parameter_id': t, 'trial_job_id': tid, 'type': 'PERIODICAL',
                                                 'sequence': s, 'value': json.dumps(0.01 * s)})))
        parts.append(frame('EN', json.dumps({'trial_job_id': tid, 'event': 'SUCCEEDED',
                                             'hyper_params': json.dumps({'parameter_id': t})})))
    parts.append(frame('ME', json.dumps({'parameter_id': 0, 'trial_job_id': 'END', 'type': 'PERIODICAL',
                                         'sequence': 0, 'value': '1'})))
    data = b''.join(parts)
    p = start(assessor=True)
    p.stdin.write(frame('IN', '{}'))
    p.stdin.flush()
    assert p.stdout.read(16)[:2] == b'ID'
    t0 = time.perf_counter()
    writer = threading.Thread(target=lambda: (p.stdin.write(data), p.stdin.flush()))
    writer.start()
    hdr = p.stdout.read(16)
    elapsed = time.perf_counter() - t0
    assert hdr[:2] == b'KI', hdr
    writer.join()
    p.stdin.close()
    p.wait()
    return len(parts), len(data), elapsed


if __name__ == '__main__':
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    print('time to ID: median %.0f ms (min %.0f, max %.0f) over %d runs' % (time_to_id(runs) + (runs,)))
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    n, size, secs = throughput(trials, 50)
    print('throughput: %d commands (%.1f MB) in %.2f s = %.0f commands/s' % (n, size / 1e6, secs, n / secs))
