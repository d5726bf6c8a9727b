from pathlib import Path

from abzu.entrypoints.logs import configure_file_logging


def test_a_second_data_home_in_one_process_gets_its_own_log(tmp_path: Path) -> None:
    first, second = tmp_path / "one" / "abzu.log", tmp_path / "two" / "abzu.log"
    configure_file_logging(first).warning("to the first home")
    configure_file_logging(second).warning("to the second home")
    configure_file_logging(second).warning("once")
    assert "to the second home" not in first.read_text()
    assert second.read_text().count("once") == 1 and "to the first home" not in second.read_text()


def test_secrets_in_messages_and_tracebacks_never_reach_the_log_file(tmp_path: Path) -> None:
    token = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"
    log, path = configure_file_logging(tmp_path / "abzu.log"), tmp_path / "abzu.log"
    log.warning("hook payload had GITHUB_TOKEN=%s", token)
    try:
        raise ValueError(f"cannot parse postgres://app:Sup3rS3cret!@db/app near {token}")
    except ValueError:
        log.exception("remember failed <private>diary</private>")
    for handler in log.handlers:
        handler.flush()

    written = path.read_bytes()
    assert token.encode() not in written and b"Sup3rS3cret!" not in written and b"diary" not in written
    assert written.count(b"[REDACTED:") >= 3 and b"ValueError" in written


def test_an_excerpt_is_redacted_before_it_is_cut() -> None:
    from abzu.entrypoints.logs import excerpt

    token = "ghp_" + "C4tTh1sT0k3nInH4lf" + "0123456789abcdefgh"
    cut = excerpt("x" * 280 + f" {token}", 300)
    assert token[:19] not in cut and len(cut) == 300
