"""Runs tunerd in place of NNI's Python dispatcher, from an ordinary NNI experiment config.

NNI's manager starts its dispatcher as ``python -m nni --exp_params <base64 JSON>``. That process builds the tuner
named in the config's ``tuner`` block before it connects to the manager. With this block::

    tuner:
      className: tunerd_launcher.TunerdLauncher
      codeDirectory: /path/to/tunerd/nni
      classArgs:
        tunerd_tuner: TPE                      # the algorithm tunerd runs (any name tunerd knows)
        tunerd_args: {optimize_mode: maximize} # its classArgs, exactly as NNI documents them

the dispatcher imports this module and constructs ``TunerdLauncher(**classArgs)``; the constructor replaces the
Python process with tunerd (``os.execv``: same PID, same environment, same working directory, same inherited file
descriptors), passing the same experiment parameters with the launcher's block replaced by
``{"name": <tunerd_tuner>, "classArgs": <tunerd_args>}``. tunerd then reads the experiment parameters and the
``NNI_*`` environment exactly as NNI's dispatcher does; the ``assessor`` block is left as it is (NNI never reaches it:
the tuner is built first).

Optional classArgs: ``tunerd_executable`` (path of the tunerd launcher script; default: the ``TUNERD_LAUNCHER``
environment variable, else ``../bin/tunerd`` next to this file in a release archive, or ``../scripts/tunerd`` in a
checkout) and ``tunerd_options`` (a list of extra tunerd
command-line options, e.g. ``["--log-level", "debug"]``).

Only the Python standard library is used; nothing here imports NNI.
"""

import base64
import json
import logging
import os
import sys

__all__ = ['TunerdLauncher', 'build_command']

ENV_EXECUTABLE = 'TUNERD_LAUNCHER'
_LAUNCHER_CLASS = 'TunerdLauncher'
_LAUNCHER_MODULE = 'tunerd_launcher'
_logger = logging.getLogger('tunerd_launcher')


class TunerdLauncher:
    """Replaces the current process with tunerd as soon as NNI constructs it; never returns."""

    def __init__(self, tunerd_tuner=None, tunerd_args=None, tunerd_executable=None, tunerd_options=None, **unknown):
        if unknown:
            raise ValueError('tunerd_launcher: unknown classArgs %s; expected tunerd_tuner, tunerd_args, '
                             'tunerd_executable, tunerd_options' % sorted(unknown))
        command = build_command(sys.argv, os.environ, tunerd_tuner, tunerd_args, tunerd_executable, tunerd_options)
        _logger.info('tunerd_launcher: replacing the Python dispatcher with %s (algorithm %s)', command[0],
                     tunerd_tuner)
        _flush_output()
        os.execv(command[0], command)


def build_command(argv, environ, tunerd_tuner, tunerd_args=None, tunerd_executable=None, tunerd_options=None):
    """The argv of the tunerd process: [executable, *tunerd_options, '--exp_params', <rewritten base64>]."""
    if not isinstance(tunerd_tuner, str) or not tunerd_tuner.strip():
        raise ValueError('tunerd_launcher: classArgs.tunerd_tuner must name the algorithm tunerd runs '
                         '(e.g. "TPE"), got %r' % (tunerd_tuner,))
    if tunerd_args is not None and not isinstance(tunerd_args, dict):
        raise ValueError('tunerd_launcher: classArgs.tunerd_args must be a mapping of the algorithm\'s classArgs, '
                         'got %s' % type(tunerd_args).__name__)
    options = tunerd_options if tunerd_options is not None else []
    if not isinstance(options, (list, tuple)) or not all(isinstance(o, str) for o in options):
        raise ValueError('tunerd_launcher: classArgs.tunerd_options must be a list of strings, got %r'
                         % (tunerd_options,))
    exp_params = _decode(_find_exp_params(argv))
    _replace_launcher_block(exp_params, tunerd_tuner, tunerd_args)
    return [_executable(tunerd_executable, environ)] + list(options) + ['--exp_params', _encode(exp_params)]


def _find_exp_params(argv):
    for i, arg in enumerate(argv):
        if arg == '--exp_params' and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith('--exp_params='):
            return arg[len('--exp_params='):]
    raise ValueError('tunerd_launcher: no --exp_params in the command line %r; this class must be loaded by '
                     'NNI\'s dispatcher (python -m nni --exp_params ...)' % (argv,))


def _decode(text):
    try:
        value = json.loads(base64.b64decode(text, validate=True).decode('utf-8'))
    except ValueError as e:
        raise ValueError('tunerd_launcher: --exp_params is not base64 of UTF-8 JSON: %s' % e) from e
    if not isinstance(value, dict):
        raise ValueError('tunerd_launcher: --exp_params must hold a JSON object, got %s' % type(value).__name__)
    return value


def _encode(exp_params):
    # the manager's JSON.stringify form: compact, non-ASCII kept as UTF-8
    text = json.dumps(exp_params, ensure_ascii=False, separators=(',', ':'))
    return base64.b64encode(text.encode('utf-8')).decode('ascii')


def _is_launcher(block):
    if not isinstance(block, dict):
        return False
    class_name = str(block.get('className', ''))
    if class_name == _LAUNCHER_MODULE + '.' + _LAUNCHER_CLASS:  # v2 config
        return True
    return class_name == _LAUNCHER_CLASS and block.get('classFileName') == _LAUNCHER_MODULE + '.py'  # v1 config


def _replace_launcher_block(exp_params, tunerd_tuner, tunerd_args):
    legacy = 'trainingServicePlatform' in exp_params
    for key in ('tuner', 'advisor'):
        if _is_launcher(exp_params.get(key)):
            if legacy:
                name_key = 'builtinAdvisorName' if key == 'advisor' else 'builtinTunerName'
            else:
                name_key = 'name'
            block = {name_key: tunerd_tuner}
            if tunerd_args is not None:
                block['classArgs'] = tunerd_args
            exp_params[key] = block
            return
    raise ValueError('tunerd_launcher: the experiment\'s tuner is not tunerd_launcher.TunerdLauncher; '
                     'nothing to replace')


def _executable(explicit, environ):
    path = explicit or environ.get(ENV_EXECUTABLE)
    origin = 'classArgs.tunerd_executable' if explicit else ENV_EXECUTABLE if path else 'the default'
    if not path:
        home = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
        archive = os.path.join(home, 'bin', 'tunerd')  # the release archive: bin/, lib/, nni/
        path = archive if os.path.isfile(archive) else os.path.join(home, 'scripts', 'tunerd')
    path = os.path.abspath(path)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise FileNotFoundError('tunerd_launcher: tunerd executable %s (from %s) does not exist or is not '
                                'executable; set classArgs.tunerd_executable or the %s environment variable'
                                % (path, origin, ENV_EXECUTABLE))
    return path


def _flush_output():
    for handler in logging.getLogger().handlers:
        handler.flush()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
