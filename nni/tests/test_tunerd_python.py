"""Tests of scripts/tunerd-python, the stand-in for the manager's --python_interpreter."""

import os
import subprocess
import tempfile
import unittest

from _support import TUNERD_PYTHON, FakeTunerd


class TunerdPythonTest(unittest.TestCase):

    def setUp(self):
        self.fake = FakeTunerd()
        self.addCleanup(self.fake.close)

    def run_script(self, args, script=TUNERD_PYTHON, **env):
        full_env = dict(os.environ, TUNERD_EXECUTABLE=self.fake.path, TUNERD_TEST_MARKER='kept')
        full_env.update(env)
        return subprocess.run([script] + args, env=full_env, capture_output=True, text=True, timeout=30)

    def test_dash_m_nni_runs_tunerd_with_the_remaining_arguments(self):
        done = self.run_script(['-m', 'nni', '--exp_params', 'e30='])
        self.assertEqual(0, done.returncode, done.stderr)
        self.assertEqual([self.fake.path, '--exp_params', 'e30='], self.fake.recorded()[:3])
        self.assertEqual('marker=kept', self.fake.recorded()[4])

    def test_interpreter_flags_before_dash_m_are_skipped(self):
        done = self.run_script(['-u', '-X', 'utf8', '-B', '-m', 'nni', '--exp_params', 'e30='])
        self.assertEqual(0, done.returncode, done.stderr)
        self.assertEqual(['--exp_params', 'e30='], self.fake.recorded()[1:3])

    def test_other_invocations_go_to_the_real_python(self):
        done = self.run_script(['-c', 'import sys; print(sys.version_info[0])'])
        self.assertEqual((0, '3\n'), (done.returncode, done.stdout), done.stderr)
        self.assertFalse(os.path.exists(self.fake.out), 'tunerd was not run')

    def test_installed_as_python3_on_path_it_does_not_find_itself(self):
        with tempfile.TemporaryDirectory() as bin_dir:
            link = os.path.join(bin_dir, 'python3')
            os.symlink(TUNERD_PYTHON, link)
            path = bin_dir + os.pathsep + os.environ.get('PATH', '')
            done = self.run_script(['--version'], script=link, PATH=path)
            self.assertEqual(0, done.returncode, done.stderr)
            self.assertRegex(done.stdout + done.stderr, r'^Python 3\.\d+')

    def test_without_a_real_python_probes_exit_cleanly(self):
        version = self.run_script(['--version'], TUNERD_REAL_PYTHON='none')
        self.assertEqual(0, version.returncode)
        self.assertTrue(version.stdout.startswith('Python 3 '), version.stdout)
        probe = self.run_script(['-c', "import tensorboard ; print(tensorboard.__version__)"],
                                TUNERD_REAL_PYTHON='none')
        self.assertEqual((0, ''), (probe.returncode, probe.stdout))
        self.assertIn('no real Python interpreter', probe.stderr)
        module = self.run_script(['-m', 'nni.tools.nni_manager_scripts.collect_gpu_info'], TUNERD_REAL_PYTHON='none')
        self.assertEqual(0, module.returncode)

    def test_without_a_real_python_a_script_is_refused(self):
        done = self.run_script(['train.py'], TUNERD_REAL_PYTHON='none')
        self.assertEqual(2, done.returncode)
        self.assertIn("only '-m nni' runs tunerd", done.stderr)


if __name__ == '__main__':
    unittest.main()
