"""Tests of nni/tunerd_launcher.py without NNI: NNI's loading of a custom tuner is imitated in a child process."""

import json
import os
import subprocess
import sys
import textwrap
import unittest

from _support import NNI_DIR, FakeTunerd, b64, unb64

sys.path.insert(0, NNI_DIR)
import tunerd_launcher  # noqa: E402

CONFIG = {
    'experimentName': 'caf\u00e9',
    'trialConcurrency': 2,
    'tuner': {'className': 'tunerd_launcher.TunerdLauncher', 'codeDirectory': NNI_DIR,
              'classArgs': {'tunerd_tuner': 'TPE', 'tunerd_args': {'optimize_mode': 'maximize', 'seed': 7}}},
    'assessor': {'name': 'Medianstop', 'classArgs': {'optimize_mode': 'maximize', 'start_step': 5}},
    'trainingService': {'platform': 'local'},
}

# What `python -m nni --exp_params ...` does with a custom tuner (nni/__main__.py, create_customized_class_instance).
IMITATE_NNI = textwrap.dedent('''
    import argparse, base64, importlib, json, sys
    sys.argv = [sys.argv[0] + '/nni/__main__.py'] + sys.argv[1:]
    parser = argparse.ArgumentParser()
    parser.add_argument('--exp_params', type=str, required=True)
    args, _ = parser.parse_known_args()
    params = json.loads(base64.b64decode(args.exp_params).decode('utf-8'))
    tuner = params['tuner']
    sys.path.append(tuner['codeDirectory'])
    module_name, class_name = tuner['className'].rsplit('.', 1)
    getattr(importlib.import_module(module_name), class_name)(**tuner.get('classArgs', {}))
    print('the launcher returned', file=sys.stderr)
    sys.exit(3)
''')


class LauncherExecTest(unittest.TestCase):

    def setUp(self):
        self.fake = FakeTunerd()
        self.addCleanup(self.fake.close)

    def run_like_nni(self, config, extra_env=None, argv_tail=None):
        env = dict(os.environ, TUNERD_LAUNCHER=self.fake.path, TUNERD_TEST_MARKER='kept')
        env.update(extra_env or {})
        tail = argv_tail if argv_tail is not None else ['--exp_params', b64(config)]
        return subprocess.run([sys.executable, '-c', IMITATE_NNI] + tail, env=env, cwd=self.fake.dir.name,
                              capture_output=True, text=True, timeout=30)

    def test_replaces_the_process_with_tunerd_and_rewrites_only_the_tuner_block(self):
        done = self.run_like_nni(CONFIG)
        self.assertEqual(0, done.returncode, done.stderr)
        lines = self.fake.recorded()
        self.assertEqual(self.fake.path, lines[0])
        self.assertEqual('--exp_params', lines[1])
        sent = unb64(lines[2])
        self.assertEqual({'name': 'TPE', 'classArgs': {'optimize_mode': 'maximize', 'seed': 7}}, sent['tuner'])
        expected = dict(CONFIG)
        del expected['tuner']
        del sent['tuner']
        self.assertEqual(expected, sent)
        self.assertEqual(list(CONFIG), list(unb64(lines[2])), 'key order kept')
        self.assertEqual('cwd=' + os.path.realpath(self.fake.dir.name), lines[3])
        self.assertEqual('marker=kept', lines[4], 'same environment')

    def test_equals_sign_form_and_extra_options(self):
        config = json.loads(json.dumps(CONFIG))
        config['tuner']['classArgs'] = {'tunerd_tuner': 'Random', 'tunerd_options': ['--log-level', 'debug']}
        done = self.run_like_nni(config, argv_tail=['--exp_params=' + b64(config), '--unknown'])
        self.assertEqual(0, done.returncode, done.stderr)
        lines = self.fake.recorded()
        self.assertEqual(['--log-level', 'debug', '--exp_params'], lines[1:4])
        self.assertEqual({'name': 'Random'}, unb64(lines[4])['tuner'])

    def test_explicit_executable_wins_over_the_environment(self):
        config = json.loads(json.dumps(CONFIG))
        config['tuner']['classArgs']['tunerd_executable'] = self.fake.path
        done = self.run_like_nni(config, extra_env={'TUNERD_LAUNCHER': '/nonexistent/tunerd'})
        self.assertEqual(0, done.returncode, done.stderr)
        self.assertEqual(self.fake.path, self.fake.recorded()[0])

    def test_missing_executable_fails_naming_it(self):
        done = self.run_like_nni(CONFIG, extra_env={'TUNERD_LAUNCHER': '/nonexistent/tunerd'})
        self.assertNotEqual(0, done.returncode)
        self.assertIn('/nonexistent/tunerd (from TUNERD_LAUNCHER) does not exist or is not executable', done.stderr)


class BuildCommandTest(unittest.TestCase):

    def setUp(self):
        self.fake = FakeTunerd()
        self.addCleanup(self.fake.close)
        self.env = {'TUNERD_LAUNCHER': self.fake.path}

    def build(self, argv, **class_args):
        return tunerd_launcher.build_command(argv, self.env, **class_args)

    def test_v1_config_gets_v1_names(self):
        v1 = {'trainingServicePlatform': 'local', 'authorName': 'a',
              'tuner': {'codeDir': NNI_DIR, 'classFileName': 'tunerd_launcher.py', 'className': 'TunerdLauncher',
                        'classArgs': {'tunerd_tuner': 'Anneal'}}}
        command = self.build(['x', '--exp_params', b64(v1)], tunerd_tuner='Anneal')
        self.assertEqual({'builtinTunerName': 'Anneal'}, unb64(command[-1])['tuner'])

    def test_v1_advisor_block(self):
        v1 = {'trainingServicePlatform': 'local',
              'advisor': {'codeDir': NNI_DIR, 'classFileName': 'tunerd_launcher.py', 'className': 'TunerdLauncher'}}
        command = self.build(['x', '--exp_params', b64(v1)], tunerd_tuner='Hyperband', tunerd_args={'R': 60})
        self.assertEqual({'builtinAdvisorName': 'Hyperband', 'classArgs': {'R': 60}}, unb64(command[-1])['advisor'])

    def test_errors_name_what_is_wrong(self):
        good = ['x', '--exp_params', b64(CONFIG)]
        cases = [
            (dict(argv=['x'], tunerd_tuner='TPE'), 'no --exp_params'),
            (dict(argv=['x', '--exp_params', 'not*base64'], tunerd_tuner='TPE'), 'not base64 of UTF-8 JSON'),
            (dict(argv=['x', '--exp_params', b64([1])], tunerd_tuner='TPE'), 'must hold a JSON object, got list'),
            (dict(argv=good, tunerd_tuner=None), 'tunerd_tuner must name the algorithm'),
            (dict(argv=good, tunerd_tuner=' '), 'tunerd_tuner must name the algorithm'),
            (dict(argv=good, tunerd_tuner='TPE', tunerd_args=[1]), 'tunerd_args must be a mapping'),
            (dict(argv=good, tunerd_tuner='TPE', tunerd_options='--x'), 'tunerd_options must be a list'),
            (dict(argv=['x', '--exp_params', b64({'tuner': {'name': 'TPE'}})], tunerd_tuner='TPE'),
             'is not tunerd_launcher.TunerdLauncher'),
        ]
        for kwargs, message in cases:
            argv = kwargs.pop('argv')
            with self.subTest(message=message):
                with self.assertRaises(ValueError) as raised:
                    self.build(argv, **kwargs)
                self.assertIn(message, str(raised.exception))

    def test_unknown_class_args_are_rejected(self):
        with self.assertRaises(ValueError) as raised:
            tunerd_launcher.TunerdLauncher(tunerd_tuner='TPE', optimize_mode='maximize')
        self.assertIn("unknown classArgs ['optimize_mode']", str(raised.exception))


if __name__ == '__main__':
    unittest.main()
