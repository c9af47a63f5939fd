#!/usr/bin/env python3
"""Curvefitting assessment latency through the daemon (run after `mvn -B -q package -DskipTests`).

Starts `scripts/tunerd --tuner Random --assessor Curvefitting` with start_step 19 (epoch_num 20), completes one
trial at 0.9, then for each of N poor trials sends 18 intermediate results (not judged: below start_step), waits,
sends the 19th and times the KI that the judgement at 19 points produces. Prints median, p90 and max in ms.
Usage: curvefitting_latency.py [N=60]
"""
import json, math, os, random, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, 'scripts', 'tunerd')


def frame(t, content):
    b = content.encode('utf-8')
    return t.encode('ascii') + b'%014d' % len(b) + b


def metric(tid, seq, value):
    return frame('ME', json.dumps({'parameter_id': 0, 'trial_job_id': tid, 'type': 'PERIODICAL', 'sequence': seq,
                                   'value': json.dumps(value)}))


def main(n):
    args = json.dumps({'epoch_num': 20, 'start_step': 19})
    p = subprocess.Popen([LAUNCHER, '--tuner', 'Random', '--assessor', 'Curvefitting', '--assessor-args', args],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write(frame('IN', '{"x": {"_type": "uniform", "_value": [0, 1]}}'))
    p.stdin.flush()
    assert p.stdout.read(16)[:2] == b'ID'
    p.stdin.write(metric('BEST', 0, 0.9) + frame('EN', json.dumps({'trial_job_id': 'BEST', 'event': 'SUCCEEDED',
                                                                   'hyper_params': '{"parameter_id": 0}'})))
    rng = random.Random(7)
    times = []
    for t in range(n):
        tid = 'T%04d' % t
        top = rng.uniform(0.3, 0.6)
        ys = [top - (top - 0.1) * s ** -0.7 + rng.gauss(0, 0.01) for s in range(1, 20)]
        p.stdin.write(b''.join(metric(tid, s, ys[s]) for s in range(18)))
        p.stdin.flush()
        time.sleep(0.05)
        t0 = time.perf_counter()
        p.stdin.write(metric(tid, 18, ys[18]))
        p.stdin.flush()
        hdr = p.stdout.read(16)
        body = p.stdout.read(int(hdr[2:]))
        times.append((time.perf_counter() - t0) * 1000)
        assert hdr[:2] == b'KI' and tid.encode() in body, (hdr, body)
    p.stdin.write(frame('TE', ''))
    p.stdin.close()
    p.wait()
    warm = sorted(times[20:]) if n > 40 else sorted(times)
    times.sort()
    print('Curvefitting judgement at 19 points through the daemon, %d trials: median %.1f ms, p90 %.1f ms, p95 %.1f ms,'
          ' max %.1f ms; after the first 20 (JIT warm-up): median %.1f ms, p99 %.1f ms, max %.1f ms'
          % (n, statistics.median(times), times[int(0.9 * (n - 1))], times[int(0.95 * (n - 1))], times[-1],
             statistics.median(warm), warm[int(0.99 * (len(warm) - 1))], warm[-1]))


if __name__ == '__main__':
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
