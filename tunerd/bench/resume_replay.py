#!/usr/bin/env python3
"""Replays one saved resume against a launcher and prints the resumed daemon's peak resident memory (VmHWM).

  The saved resume is what ResumeMemoryIT keeps with -Dtunerd.resume.save=DIR: DIR/checkpoint (the killed run's
  checkpoint directory), DIR/space.json, DIR/config.json, DIR/fd.json and DIR/ad.json (NNI's resume stream). The
  checkpoint is copied first, so the same resume can be replayed against several builds (a launcher of each:
  scripts/tunerd, or bin/tunerd of an unpacked release). `hist` also prints the top of `jcmd GC.class_histogram`
  after the resume (the live heap: it forces a full collection). TUNERD_JAVA_OPTS passes through (e.g. -Xlog:gc).
  Run:  python3 tunerd/bench/resume_replay.py DIR scripts/tunerd [hist]   (docs/benchmarks/s06.md, "Resume memory")
"""
import base64, os, shutil, subprocess, sys, tempfile, time, json
saved, launcher = sys.argv[1], sys.argv[2]
hist = len(sys.argv) > 3 and sys.argv[3] == 'hist'
work = tempfile.mkdtemp(prefix='resume-')
shutil.copytree(os.path.join(saved, 'checkpoint'), os.path.join(work, 'ck'))
logdir = os.path.join(work, 'log'); os.makedirs(logdir)
env = dict(os.environ, SDK_PROCESS='dispatcher', NNI_MODE='resume', NNI_CHECKPOINT_DIRECTORY=os.path.join(work, 'ck'),
           NNI_LOG_DIRECTORY=logdir, NNI_LOG_LEVEL='info', NNI_INCLUDE_INTERMEDIATE_RESULTS='false')
env.pop('NNI_TUNER_COMMAND_CHANNEL', None)
cfg = open(os.path.join(saved, 'config.json')).read()
p = subprocess.Popen([launcher, '-m', 'nni', '--exp_params', base64.b64encode(cfg.encode()).decode()],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(os.path.join(logdir, 'stderr.txt'), 'w'), env=env)
def send(t, c):
    b = c.encode(); p.stdin.write(t.encode() + b'%014d' % len(b) + b); p.stdin.flush()
def recv():
    h = p.stdout.read(16); n = int(h[2:]); return h[:2].decode(), p.stdout.read(n)
def hwm():
    for l in open('/proc/%d/status' % p.pid):
        if l.startswith('VmHWM'): return int(l.split()[1])
t0 = time.time()
send('IN', open(os.path.join(saved, 'space.json')).read()); print('IN ->', recv()[0], '%.1fs' % (time.time()-t0), 'hwm %.1f MiB' % (hwm()/1024))
send('FD', open(os.path.join(saved, 'fd.json')).read())
send('AD', open(os.path.join(saved, 'ad.json')).read())
send('GE', '4')
for i in range(4):
    t, c = recv()
print('GE ->', t, '%.1fs' % (time.time()-t0), 'peak RSS %.1f MiB' % (hwm()/1024))
if hist:
    out = subprocess.run(['jcmd', str(p.pid), 'GC.class_histogram'], capture_output=True, text=True).stdout
    print('\n'.join(out.splitlines()[:25]))
send('TE', '')
p.wait(timeout=60)
shutil.rmtree(work)
