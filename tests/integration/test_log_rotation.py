"""abzu.log is shared by the CLI, hooks and the MCP server: rotation happens once, under a lock,
and every process keeps writing to the live file afterwards (issue 19)."""

import logging
import multiprocessing
import shutil
from pathlib import Path

from abzu.entrypoints.log_rotation import rotate_if_large
from abzu.entrypoints.logs import LOGGER_NAME, configure_file_logging


def test_a_large_log_is_rotated_keeping_three_copies(tmp_path: Path) -> None:
    log = tmp_path / "abzu.log"
    for n in range(5):
        log.write_text(f"generation {n}\n" + "x" * 100)
        rotate_if_large(log, max_bytes=50)

    assert not log.exists()
    assert [(log.with_name(f"abzu.log.{n}")).read_text().splitlines()[0] for n in (1, 2, 3)] == [
        "generation 4", "generation 3", "generation 2"]
    assert not log.with_name("abzu.log.4").exists()


def test_a_small_log_is_left_alone(tmp_path: Path) -> None:
    log = tmp_path / "abzu.log"
    log.write_text("short\n")
    rotate_if_large(log, max_bytes=50)
    assert log.read_text() == "short\n" and not log.with_name("abzu.log.1").exists()


def _rotate(path: str) -> None:
    rotate_if_large(Path(path), max_bytes=50)


def test_processes_starting_together_rotate_once(tmp_path: Path) -> None:
    log = tmp_path / "abzu.log"
    log.write_text("the only generation\n" + "x" * 100)

    with multiprocessing.get_context("spawn").Pool(4) as pool:
        pool.map(_rotate, [str(log)] * 8)

    assert log.with_name("abzu.log.1").read_text().startswith("the only generation")
    assert not log.with_name("abzu.log.2").exists()  # nobody rotated the rotated file


def test_a_writer_follows_the_file_after_another_process_rotated_it(tmp_path: Path) -> None:
    log = tmp_path / "abzu.log"
    logger = configure_file_logging(log)
    logging.getLogger(LOGGER_NAME).info("before")
    log.rename(tmp_path / "abzu.log.1")  # what rotate_if_large does in another process

    logger.info("after")

    assert "after" in log.read_text() and "after" not in (tmp_path / "abzu.log.1").read_text()
    for handler in list(logger.handlers):
        if isinstance(handler, logging.FileHandler):
            logger.removeHandler(handler)
            handler.close()


def test_logging_into_a_deleted_data_home_never_raises(tmp_path: Path) -> None:
    home = tmp_path / "home"
    logger = configure_file_logging(home / "abzu.log")
    shutil.rmtree(home)  # the user deleted ~/.enki while a server was running

    logger.warning("still fine")  # no exception reaches the caller
    logger.warning("and again")  # nor once the handler has given up its stream

    for handler in list(logger.handlers):
        if isinstance(handler, logging.FileHandler):
            logger.removeHandler(handler)
            handler.close()
