"""Helpers shared by the launcher tests: paths, a fake tunerd that records how it was run, exp_params codecs."""

import base64
import json
import os
import stat
import tempfile

NNI_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(NNI_DIR)
TUNERD_PYTHON = os.path.join(REPO, 'scripts', 'tunerd-python')


def b64(obj):
    return base64.b64encode(json.dumps(obj).encode('utf-8')).decode('ascii')


def unb64(text):
    return json.loads(base64.b64decode(text).decode('utf-8'))


class FakeTunerd:
    """An executable that writes its argv (one per line), its cwd and $TUNERD_TEST_MARKER to a file, then exits 0."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, 'fake-tunerd')
        self.out = os.path.join(self.dir.name, 'argv.txt')
        with open(self.path, 'w', encoding='utf-8') as f:
            f.write('#!/bin/sh\n'
                    ': > "%s"\n'
                    'for a in "$0" "$@"; do printf "%%s\\n" "$a" >> "%s"; done\n'
                    'printf "cwd=%%s\\n" "$(pwd)" >> "%s"\n'
                    'printf "marker=%%s\\n" "$TUNERD_TEST_MARKER" >> "%s"\n' % ((self.out,) * 4))
        os.chmod(self.path, os.stat(self.path).st_mode | stat.S_IXUSR)

    def recorded(self):
        with open(self.out, encoding='utf-8') as f:
            return f.read().splitlines()

    def close(self):
        self.dir.cleanup()
