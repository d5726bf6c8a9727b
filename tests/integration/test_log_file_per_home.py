from pathlib import Path

from abzu.entrypoints.logs import configure_file_logging


def test_a_second_data_home_in_one_process_gets_its_own_log(tmp_path: Path) -> None:
    first, second = tmp_path / "one" / "abzu.log", tmp_path / "two" / "abzu.log"
    configure_file_logging(first).warning("to the first home")
    configure_file_logging(second).warning("to the second home")
    configure_file_logging(second).warning("once")
    assert "to the second home" not in first.read_text()
    assert second.read_text().count("once") == 1 and "to the first home" not in second.read_text()
