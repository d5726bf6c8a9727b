"""Maps the four layer folders into the single `abzu` namespace (abzu.domain, abzu.adapters, ...)."""

from setuptools import find_packages, setup

LAYERS = ("domain", "application", "adapters", "entrypoints")

setup(
    packages=[
        f"abzu.{pkg}"
        for pkg in find_packages(include=[f"{layer}*" for layer in LAYERS])
    ],
)
