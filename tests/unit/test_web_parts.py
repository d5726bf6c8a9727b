"""Pieces of `abzu ui` with no server: the address, the bind rule, the chart, the escaping."""

from abzu.domain.quoting import neutralise, visible
from abzu.entrypoints.web.access import csrf_of, new_token
from abzu.entrypoints.web.charts import histogram
from abzu.entrypoints.web.render import environment
from abzu.entrypoints.web.server import Address, risk


def test_the_printed_address_carries_the_token() -> None:
    assert Address("127.0.0.1", 8123, "abc").url == "http://127.0.0.1:8123/?token=abc"
    assert Address("::1", 8123, "abc").url == "http://[::1]:8123/?token=abc"


def test_only_a_loopback_host_is_free_of_risk() -> None:
    for host in ("127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert risk(host) is None
    warning = risk("0.0.0.0")
    assert warning is not None and "network" in warning and "127.0.0.1" in warning


def test_tokens_are_fresh_and_forms_never_carry_the_access_token() -> None:
    first, second = new_token(), new_token()
    assert first != second and len(first) >= 32
    assert csrf_of(first) != first and csrf_of(first) == csrf_of(first) != csrf_of(second)


def test_the_histogram_is_plain_svg_with_one_bar_per_weight() -> None:
    svg = histogram({1.0: 3, 0.5: 1, 0.1: 0}, title="weights <&>")
    assert svg.startswith("<svg") and svg.count("<rect") == 3
    assert "weight 1: 3" in svg and "<&>" not in svg  # the title is escaped too
    assert "no beads yet" in histogram({}, title="empty")


def test_templates_escape_stored_text_once() -> None:
    html = environment().from_string("{{ text|stored }}").render(text="a <b>&\u200b c")
    assert html == "a &lt;b&gt;&amp; c"  # escaped by Jinja2, the zero-width space dropped
    assert visible("x\u202ey") == "xy" and neutralise("<b>") == "&lt;b>"  # neutralise unchanged
