#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (docs/FUZZING.md) into src/test/resources. Deterministic; run from
dispatcher-core/. Findings are added by hand (as finding-*.bin) next to these seeds and are never regenerated."""
import json, os, struct

R = 'src/test/resources/dev/tunerd/core'

def put(target, method, name, data):
    d = os.path.join(R, target + 'Inputs', method)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'seed-' + name), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode('utf-8'))

def frame(code, content, digits=14):
    b = content.encode('utf-8')
    return code.encode() + str(len(b)).zfill(digits).encode() + b

SPACE = '{"lr": {"_type": "loguniform", "_value": [0.0001, 0.1]}, "bs": {"_type": "choice", "_value": [16, 32]}}'
ME = '{"parameter_id": 0, "trial_job_id": "Ab3dE", "type": "PERIODICAL", "sequence": 0, "value": "0.5"}'
FINAL = '{"parameter_id": 0, "trial_job_id": "Ab3dE", "type": "FINAL", "sequence": 0, "value": "{\\"default\\": 0.9}"}'
EN = '{"trial_job_id": "Ab3dE", "event": "SUCCEEDED", "hyper_params": "{\\"parameter_id\\": 0}"}'
FD = '[{"parameter": {"lr": 0.01, "bs": 16}, "value": "0.5", "trialJobId": "X1"}]'
AD = '[{"parameter_id": 3, "parameters": {"lr": 0.01, "bs": 32}, "parameter_source": "resumed"}]'

# frame decoder + typed commands
t, m = 'fuzz/FrameDecoderFuzzTest', 'anyBytesDecodeOrFailWithAFrameOrCommandError'
put(t, m, 'session', frame('IN', SPACE) + frame('GE', '2') + frame('ME', ME) + frame('ME', FINAL) + frame('EN', EN)
    + frame('TE', ''))
put(t, m, 'resume', frame('IN', SPACE) + frame('FD', FD) + frame('AD', AD) + frame('PI', '') + frame('SS', SPACE))
put(t, m, 'bad-length', b'GE0000000000000x1')
put(t, m, 'over-limit', b'IN00000000099999{}')
put(t, m, 'unknown-code', b'ZZ000000000000002{}')
put(t, m, 'misdirected', frame('TR', '{"parameter_id": 1}') + frame('KI', '"a"'))
put(t, m, 'truncated', frame('GE', '12')[:-1])
put(t, m, 'bad-utf8', b'IN00000000000002\xc3\x28')
put(t, m, 'bad-payloads', frame('GE', '-1') + frame('GE', '1e3') + frame('ME', '{"parameter_id": "x"}')
    + frame('EN', '[]') + frame('FD', '{}') + frame('AD', '[1]') + frame('ME', ME.replace('PERIODICAL', 'BOGUS')))
put(t, m, 'space-padded', b'GE             1' + b'5')

# JSON reader
t, m = 'fuzz/JsonReaderFuzzTest', 'anyTextParsesOrFailsWithAJsonError'
for i, text in enumerate([SPACE, ME, FD, AD, '[1, 2.5, -0.0, 1e308, 1e-320, 123456789012345678, NaN, Infinity, -Infinity]',
                          '{"a": {"b": [true, false, null, "\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\/"]}}',
                          '// comment\n{"a": 1 /* block */, # hash\n "a": 2}', '"\\ud800"', '[' * 50 + ']' * 50,
                          '99999999999999999999', '{"a":1,}', '[01]', "{'a': 1}", '', ' ', '"caf\u00e9 \u65e5\u672c"',
                          '1.7976931348623157e308', '4.9e-324', '-', '{"a" 1}', '[1 2]', 'tru', '"\x01"']):
    put(t, m, 'json-%02d' % i, text)

# search spaces
t, m = 'fuzz/SearchSpaceFuzzTest', 'anySpaceIsAcceptedOrRefusedWithTheSpaceError'
spaces = [SPACE,
          '{"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "quniform", "_value": [0, 10, 2]},'
          ' "z": {"_type": "qloguniform", "_value": [1, 100, 1]}, "n": {"_type": "normal", "_value": [0, 1]},'
          ' "qn": {"_type": "qnormal", "_value": [0, 1, 0.5]}, "ln": {"_type": "lognormal", "_value": [0, 1]},'
          ' "qln": {"_type": "qlognormal", "_value": [0, 1, 1]}, "r": {"_type": "randint", "_value": [0, 5]}}',
          '{"opt": {"_type": "choice", "_value": [{"_name": "sgd", "lr": {"_type": "uniform", "_value": [0, 1]}},'
          ' {"_name": "adam", "beta": {"_type": "choice", "_value": [0.9, 0.99]}}, "none"]}}',
          '{"x": {"_type": "uniform", "_value": [-1.7e308, 1.7e308]}}', '{"x": {"_type": "lognormal", "_value": [1000, 1]}}',
          '{"x": {"_type": "uniform", "_value": [1, 0]}}', '{"x": {"_type": "randint", "_value": [0, 2147483646]}}',
          '{"x": {"_type": "choice", "_value": []}}', '{"x": {"_type": "nope", "_value": [1]}}', '[]', '1', '{}',
          '{"x": {"_value": [1]}}', '{"x": {"_type": "quniform", "_value": [0, 1, 0]}}',
          '{"x": {"_type": "uniform", "_value": [NaN, 1]}}', '{"x": {"_type": "choice", "_value": [[1], {"a": 1}, null]}}']
for i, s in enumerate(spaces):
    put(t, m, 'space-%02d' % i, s)

# WebSocket messages
t, m = 'fuzz/WsMessageCodecFuzzTest', 'anyMessageDecodesOrFailsWithAFrameError'
for i, s in enumerate([json.dumps({'type': 'IN', 'content': SPACE}), json.dumps({'type': 'GE', 'content': '1'}),
                       '{"type": "_nop_"}', '{"type": "_bye_"}', 'GE1', 'TE', 'IN' + SPACE, '{"type": 1}',
                       '{"type": "GE"}', '{"type": "GE", "content": 5}', '[]', 'x', '', '{"type": "ZZ", "content": ""}']):
    put(t, m, 'ws-%02d' % i, s)

# checkpoint segments
CRC_TABLE = []
for n in range(256):
    c = n
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    CRC_TABLE.append(c)

def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c = CRC_TABLE[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF

def header(magic, seq):
    h = magic + struct.pack('>HHq', 1, 0, seq)
    return h + struct.pack('>I', crc32c(h))

def record(code, payload, version=1):
    p = payload.encode()
    body = bytes([code, version]) + p
    return struct.pack('>II', len(p), crc32c(body)) + body

t, m = 'checkpoint/SegmentReaderFuzzTest', 'anyBytesReadAsRecordsOrFailWithACheckpointError'
journal = (header(b'TNRDJRNL', 0) + record(1, json.dumps({'space': json.loads(SPACE)})) + record(2, '{"next": 2}')
           + record(3, '{"id": 0, "parameters": {"lr": 0.01, "bs": 16}}') + record(9, '{"first": 0, "count": 1}')
           + record(7, '{"role": "tuner", "state": {"seed": 1}}') + record(4, '{"id": 0, "trial": "T0", "value": NaN}')
           + record(5, '{"trial": "T0", "id": 0, "event": "SUCCEEDED"}')
           + record(6, '{"trials": [{"parameter": {"a": 1}, "value": 0.5, "trialJobId": null}]}'))
put(t, m, 'journal', journal)
put(t, m, 'journal-torn', journal[:-7])
put(t, m, 'journal-flipped', journal[:60] + bytes([journal[60] ^ 0x40]) + journal[61:])
put(t, m, 'journal-unknown-type', header(b'TNRDJRNL', 3) + record(99, '{}'))
put(t, m, 'journal-huge-length', header(b'TNRDJRNL', 0) + struct.pack('>II', 0x7FFFFFFF, 0) + b'\x01\x01')
snap = {'createdAt': '2026-11-21T10:00:00Z', 'tuner': 'Random', 'optimizeMode': 'maximize', 'nextParameterId': 2,
        'searchSpace': None, 'issued': [{'id': 0, 'parameters': {'a': 1}}], 'results': [], 'ended': [], 'imported': [],
        'algorithms': [{'role': 'tuner', 'state': {}, 'covered': [1, 0, 0, 0], 'steps': [[1, 1, [1, 0, 0, 0]]]}]}
put(t, m, 'snapshot', header(b'TNRDSNAP', 4) + record(8, json.dumps(snap), 2))
put(t, m, 'short', b'TNRDJRNL\x00')
