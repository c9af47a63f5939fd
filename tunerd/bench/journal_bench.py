#!/usr/bin/env python3
"""Dispatcher throughput with and without the checkpoint journal, on docs/BENCHMARKS.md section 3's stream shape.

  Random tuner (seed 7) and Medianstop assessor (start_step 5), IN + GE <trials> (so every parameter id is issued and
  journaled), then per trial 50 PERIODICAL metrics + 1 FINAL + 1 EN. A last GE 1 and a marker trial that Medianstop
  judges bad (KI) show that both queues were worked off; the time runs from the first byte after ID to both replies.
  Run after `mvn -B -q package`:  python3 tunerd/bench/journal_bench.py [runs] [trials] [rate]
  With a rate (commands per second, e.g. 3700 = NNI's), the stream is written at that pace and the figure is the lag:
  how long after the last byte was written both replies arrived.
"""
import base64, json, os, select, shutil, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, 'scripts', 'tunerd')
SPACE = json.dumps({'lr': {'_type': 'loguniform', '_value': [0.0001, 0.1]},
                    'bs': {'_type': 'choice', '_value': [16, 32, 64]},
                    'act': {'_type': 'choice', '_value': ['relu', 'tanh']}})


def frame(t, content):
    b = content.encode('utf-8')
    return t.encode('ascii') + b'%014d' % len(b) + b


def read_frame(out):
    hdr = out.read(16)
    if len(hdr) < 16:
        raise EOFError('dispatcher ended')
    return hdr[:2].decode('ascii'), out.read(int(hdr[2:])).decode('utf-8')


def stream(trials, metrics):
    parts = []
    for t in range(trials):
        tid = 'T%05d' % t
        for s in range(metrics):
            parts.append(frame('ME', json.dumps({'parameter_id': t, 'trial_job_id': tid, 'type': 'PERIODICAL',
                                                 'sequence': s, 'value': json.dumps(0.01 * s)})))
        parts.append(frame('ME', json.dumps({'parameter_id': t, 'trial_job_id': tid, 'type': 'FINAL',
                                             'sequence': 0, 'value': json.dumps(0.01 * t)})))
        parts.append(frame('EN', json.dumps({'trial_job_id': tid, 'event': 'SUCCEEDED',
                                             'hyper_params': json.dumps({'parameter_id': t})})))
    for s in range(5):  # worse than every completed curve at step 5: Medianstop answers KI
        parts.append(frame('ME', json.dumps({'parameter_id': 0, 'trial_job_id': 'END', 'type': 'PERIODICAL',
                                             'sequence': s, 'value': '-1000000000'})))
    parts.append(frame('GE', '1'))
    return parts


def paced_write(p, data_parts, rate):
    chunk = max(1, rate // 100)
    start = time.perf_counter()
    for i in range(0, len(data_parts), chunk):
        due = start + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        p.stdin.write(b''.join(data_parts[i:i + chunk]))
        p.stdin.flush()
    return time.perf_counter()


def run(trials, checkpoint_dir, rate=0):
    cfg = {'tuner': {'name': 'Random', 'classArgs': {'seed': 7}},
           'assessor': {'name': 'Medianstop', 'classArgs': {'start_step': 5}}}
    env = dict(os.environ)
    env.pop('NNI_CHECKPOINT_DIRECTORY', None)
    env.pop('NNI_LOG_DIRECTORY', None)
    if checkpoint_dir:
        env['NNI_CHECKPOINT_DIRECTORY'] = checkpoint_dir
    p = subprocess.Popen([LAUNCHER, '-m', 'nni', '--exp_params', base64.b64encode(json.dumps(cfg).encode()).decode()],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    p.stdin.write(frame('IN', SPACE))
    p.stdin.flush()
    assert read_frame(p.stdout)[0] == 'ID'
    parts = stream(trials, 50)
    all_parts = [frame('GE', str(trials))] + parts
    last_write = []
    t0 = time.perf_counter()
    if rate:
        writer = threading.Thread(target=lambda: last_write.append(paced_write(p, all_parts, rate)))
    else:
        writer = threading.Thread(target=lambda: (p.stdin.write(b''.join(all_parts)), p.stdin.flush()))
    writer.start()
    trs, ki, last_tr = 0, False, False
    while not (ki and last_tr):
        kind, content = read_frame(p.stdout)
        if kind == 'TR':
            trs += 1
            last_tr = trs > trials
        elif kind == 'KI':
            ki = ki or content == '"END"'
        else:
            raise AssertionError('unexpected %s %s' % (kind, content))
    done = time.perf_counter()
    writer.join()
    elapsed = done - last_write[0] if rate else done - t0
    p.stdin.write(frame('TE', ''))
    p.stdin.close()
    p.wait()
    return len(parts) + 2, elapsed  # + IN and the first GE


if __name__ == '__main__':
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rate = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    what = 'lag after the last byte' if rate else 'commands in'
    results = {'off': [], 'journal': []}
    for _ in range(runs):
        for mode in ('off', 'journal'):
            d = tempfile.mkdtemp(prefix='tunerd-journal-bench') if mode == 'journal' else None
            n, secs = run(trials, d, rate)
            results[mode].append(secs)
            if d:
                size = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(d) for f in fs)
                print('journal: %d commands, %s %.3f s, checkpoint %.1f MB' % (n, what, secs, size / 1e6))
                shutil.rmtree(d)
            else:
                print('off:     %d commands, %s %.3f s' % (n, what, secs))
    for mode, secs in results.items():
        med = statistics.median(secs)
        if rate:
            print('%-8s at %d commands/s: median lag %.3f s (min %.3f, max %.3f)' % (mode, rate, med, min(secs),
                                                                                   max(secs)))
        else:
            print('%-8s median %.2f s (min %.2f, max %.2f) = %.0f commands/s' % (mode, med, min(secs), max(secs),
                                                                                n / med))
