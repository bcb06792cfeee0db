"""`pip install .`: builds the Python module trncost (docs/python.md) with the project's own CMake build,
offline, with Debian's setuptools (no package index needed: `pip install --no-build-isolation .`).

The extension `trncost._trncost` is the CMake target `_trncost` (python/CMakeLists.txt), configured
with the module on and everything else off, for the interpreter running pip; its compiled file is
copied where setuptools installs the extension, next to python/trncost/ (the Python part, the stubs
and py.typed). The C++ dependencies (Boost, fmt, RapidJSON, toml++, pybind11, SQLite) come from the
system, as for the CMake build. TRNCOST_CMAKE_ARGS adds CMake arguments; TRNCOST_BUILD_JOBS sets the
parallel jobs (default: the machine's cores)."""

import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    """An extension CMake builds: no sources of setuptools' own."""

    def __init__(self, name: str, target: str) -> None:
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        if not isinstance(ext, CMakeExtension):
            super().build_extension(ext)
            return
        if shutil.which("cmake") is None:
            raise RuntimeError("trncost: cmake not found (Debian: cmake); pip install . builds the "
                               "module with the project's CMake build")
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DTRNCOST_BUILD_PYTHON=ON",
            "-DTRNCOST_BUILD_TESTS=OFF",
            "-DTRNCOST_BUILD_EXAMPLES=OFF",
            "-DTRNCOST_BUILD_BENCHMARKS=OFF",
            "-DTRNCOST_WERROR=OFF",
            "-DCMAKE_VERIFY_INTERFACE_HEADER_SETS=OFF",
            f"-DPython_EXECUTABLE={sys.executable}",
        ] + shlex.split(os.environ.get("TRNCOST_CMAKE_ARGS", ""))
        jobs = os.environ.get("TRNCOST_BUILD_JOBS", str(os.cpu_count() or 1))
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", ext.target, "--parallel", jobs],
                       check=True)
        built = sorted((build / "python" / "trncost").glob("_trncost*.so"))
        if len(built) != 1:
            raise RuntimeError(f"trncost: expected one _trncost*.so in {build / 'python' / 'trncost'}, "
                               f"found {[p.name for p in built]}")
        destination = pathlib.Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], destination)


setup(
    packages=["trncost"],
    package_dir={"": "python"},
    package_data={"trncost": ["__init__.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("trncost._trncost", "_trncost")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
