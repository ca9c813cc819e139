"""The live table with no relay reachable, paired by hand (Chromium): the game master's laptop
shows a QR code of a pair link, a phone opens it and shows its answer as a QR code, and the
laptop's camera reads it. The laptop is a Chromium of its own whose camera is Chromium's fake
device, fed a video file of the phone's QR code as the phone shows it. Typed by hand, the
phone's answer pairs as well, however late the laptop hears that it was taken, and whether or
not the first hello her phone sends reaches the laptop.

The relay the build names is refused by the test in both profiles (Playwright's WebSocket
route, closing every socket to it unanswered): the session's relay may be running for other
tests, and a refusal made here does not depend on the order tests run in. The attempts are
counted: the laptop's table tried the relay and was refused; a paired phone never asks it.
"""

from __future__ import annotations

import base64

import pytest
from battle_trackers import WR
from conftest import CHROMIUM_FLAGS, chromium_executable
from live_table import TABLE_TIMEOUT, Table, assert_same_screens, read_qr_codes
from profiles import KeptProfiles
from screens import SCREENS, new_context

pytestmark = pytest.mark.browser

#: The camera's frame, as Chromium's fake device reads it from the file: the phone's screen
#: held up to the laptop, its QR code drawn CODE_SIDE pixels a side on white.
WIDTH, HEIGHT, CODE_SIDE, FRAMES = 640, 480, 440, 5

#: What the laptop's pairing says once her phone's channel is open.
CONNECTED = "Aya's phone is paired and connected."

#: The phone's answer QR code as the camera would see it: its image drawn on a white frame,
#: module edges kept sharp, read back as grey levels (one byte a pixel, base64).
ANSWER_FRAME = """([width, height, side]) => {
  const image = document.querySelector('[data-table-answer-qr]');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const pen = canvas.getContext('2d');
  pen.fillStyle = '#fff';
  pen.fillRect(0, 0, width, height);
  pen.imageSmoothingEnabled = false;
  pen.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
  const rgba = pen.getImageData(0, 0, width, height).data;
  let grey = '';
  for (let i = 0; i < rgba.length; i += 4) {
    grey += String.fromCharCode(Math.round(0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]));
  }
  return btoa(grey);
}"""


def y4m(grey: bytes, width: int, height: int, frames: int) -> bytes:
    """A YUV4MPEG2 video of ``frames`` frames of the grey picture ``grey`` (its luma plane;
    chroma neutral, 4:2:0 subsampled)."""
    assert len(grey) == width * height
    chroma = bytes([128]) * ((width // 2) * (height // 2) * 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode("ascii")
    return header + b"".join(b"FRAME\n" + grey + chroma for _ in range(frames))


def refuse_relay(context, relay_url: str) -> list[str]:
    """Close every WebSocket ``context``'s pages open to the relay, unanswered; the list of
    attempts."""
    attempts: list[str] = []

    def refuse(socket) -> None:
        attempts.append(socket.url)
        socket.close()

    context.route_web_socket(lambda url: url.startswith(relay_url), refuse)
    return attempts


def phone_opens(table, browser, relay_url: str, link: str, script: str = ""):
    """Aya's phone (a 390 px profile with the relay refused, running ``script`` on every page
    if given) opens the pair ``link`` and shows its answer; the phone and its attempts at the
    relay."""
    context = table.watch(browser.new_context(**SCREENS["390"], service_workers="block"), "390")
    if script:
        context.add_init_script(script)
    refused = refuse_relay(context, relay_url)
    phone = context.new_page()
    phone.goto(link)
    phone.wait_for_selector("[data-table-answer-qr]", timeout=TABLE_TIMEOUT)
    return phone, refused


def start_pairing(gm) -> None:
    """The game master opens Aya's seat and asks to pair her phone without internet."""
    gm.click("summary:has-text(\"Aya's phone\")")
    gm.click("[data-table-pair=aya]")


def paired_by_typing(table, browser, relay_url: str, script: str = ""):
    """The game master pairs Aya's phone (opened as :func:`phone_opens` says) by typing the
    code her phone shows; her phone."""
    gm = table.gm
    start_pairing(gm)
    gm.wait_for_selector("[data-table-pair-link]", state="attached", timeout=TABLE_TIMEOUT)
    phone, _ = phone_opens(table, browser, relay_url,
                           gm.get_attribute("[data-table-pair-link]", "href"), script)
    gm.fill("[data-table-answer-code]", phone.inner_text("[data-table-answer-text]"))
    gm.click("[data-table-answer-use]")
    return phone


def her_roll_reaches_the_laptop(table, phone) -> None:
    """Aya, joined on ``phone``, taps Power there: the game master's battle holds one event
    more, and every screen shows the same state."""
    table.phones["aya"] = phone
    before = table.count()
    table.phone_tap("aya", "Power")
    assert table.count() == before + 1
    assert_same_screens(table)


@pytest.fixture
def camera_file(tmp_path):
    return tmp_path / "answer.y4m"


@pytest.fixture
def laptop(browser, camera_file, sites):
    """A Chromium of its own whose camera is Chromium's fake device, playing ``camera_file``
    (written by the test before the camera starts), any page's camera request granted; its
    profiles hold Python's snapshot, as the session browser's do."""
    laptop = browser.browser_type.launch(executable_path=chromium_executable(), args=[
        *CHROMIUM_FLAGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={camera_file}"])
    laptop.kept = KeptProfiles(laptop, sites.folders)
    yield laptop
    laptop.kept.close()
    laptop.close()


def test_a_phone_pairs_by_qr_codes_both_ways_with_no_relay_and_plays(browser, laptop, camera_file,
                                                                      base_url, sites):
    """No relay answers. The game master pairs Aya's phone: the phone opens the link read from
    the laptop's QR code, shows its answer as a QR code, the laptop's camera reads it, and the
    phone shows her seat live. Her roll on the phone shows on both screens with the same
    digest and the same log. The phone never asks the relay."""
    gm_context = new_context(laptop, "1280")
    gm_refused = refuse_relay(gm_context, sites.relay_url)
    table = Table(browser, base_url, WR, laptop=gm_context)
    try:
        gm = table.gm
        start_pairing(gm)
        gm.wait_for_selector("[data-table-pair-qr]", timeout=TABLE_TIMEOUT)
        (offer,) = read_qr_codes(gm, "[data-table-pair-qr]")
        assert offer["text"] == gm.get_attribute("[data-table-pair-link]", "href"), offer
        assert offer["text"].startswith(base_url) and "#pair=" in offer["text"]
        assert "?" not in offer["text"], "the pair link carries nothing in its query"

        phone, phone_refused = phone_opens(table, browser, sites.relay_url, offer["text"])
        answer = phone.inner_text("[data-table-answer-text]")
        modules = phone.get_attribute("[data-table-answer-qr]", "data-qr-modules")
        print(f"pair link {len(offer['text'])} characters (QR {gm.get_attribute('[data-table-pair-qr]', 'data-qr-modules')}"
              f" modules), answer {len(answer)} characters (QR {modules} modules)")
        grey = base64.b64decode(phone.evaluate(ANSWER_FRAME, [WIDTH, HEIGHT, CODE_SIDE]))
        camera_file.write_bytes(y4m(grey, WIDTH, HEIGHT, FRAMES))

        gm.click("[data-table-scan]")
        table.wait_joined(phone)
        table.phones["aya"] = phone
        assert gm.inner_text("[data-table-pair-status]") == CONNECTED
        assert gm_refused, "the laptop never tried the relay"
        assert not phone_refused, f"a paired phone asks no relay: {phone_refused}"
        assert_same_screens(table)
        assert table.whose_turn() == "Aya"
        her_roll_reaches_the_laptop(table, phone)
        assert "Aya" in table.log(phone)[max(table.log(phone))]
    finally:
        table.close()


#: The game master's browser slowed where a laptop can be: the promise of applying a phone's
#: answer settles a second and a half late, the connection going on meanwhile, so her phone's
#: channel opens before the page hears that its answer was taken (``answerHeard`` then set).
SLOW_ANSWER = """(() => {
  const apply = RTCPeerConnection.prototype.setRemoteDescription;
  RTCPeerConnection.prototype.setRemoteDescription = function (description) {
    const applied = apply.call(this, description);
    if (!description || description.type !== "answer") return applied;
    return applied.then((value) => new Promise((done) => setTimeout(() => {
      window.answerHeard = true;
      done(value);
    }, 1500)));
  };
})();"""


def test_a_phone_paired_by_typing_her_code_reads_connected_however_late_the_answer_is_heard(
        browser, base_url, sites):
    """No relay answers. The game master types Aya's answer from her phone's screen. Her
    laptop hears late that the answer was taken, after the phone's channel opened: the
    status beside the pairing says her phone is connected, not that it is still connecting,
    and a roll on her phone reaches the laptop."""
    gm_context = new_context(browser, "1280")
    gm_context.add_init_script(SLOW_ANSWER)
    refuse_relay(gm_context, sites.relay_url)
    table = Table(browser, base_url, WR, laptop=gm_context)
    try:
        gm = table.gm
        phone = paired_by_typing(table, browser, sites.relay_url)
        gm.wait_for_function("text => document.querySelector('[data-table-pair-status]')"
                             ".textContent === text", arg=CONNECTED, timeout=TABLE_TIMEOUT)
        assert not gm.evaluate("window.answerHeard"), "the channel opened after the answer was heard"
        gm.wait_for_function("window.answerHeard")
        assert gm.inner_text("[data-table-pair-status]") == CONNECTED
        table.wait_joined(phone)
        her_roll_reaches_the_laptop(table, phone)
    finally:
        table.close()


#: Her phone's first hello lost on its way, as Chromium lost it in one pairing in 25 to 50 here
#: (sent the moment her channel opened; nothing arrived at the laptop): the data channel's
#: first message that is a hello is not sent, and counted in ``helloLost``.
LOSE_FIRST_HELLO = """(() => {
  const send = RTCDataChannel.prototype.send;
  window.helloLost = 0;
  RTCDataChannel.prototype.send = function (data) {
    if (window.helloLost || !String(data).includes('"kind":"hello"')) return send.call(this, data);
    window.helloLost = 1;
  };
})();"""


def test_a_phone_whose_first_hello_is_lost_says_it_again_and_joins(browser, base_url, sites):
    """No relay answers. Aya's phone is paired by her typed code, and the hello it sends once
    its channel opens never reaches the laptop: she says it again, the laptop welcomes her,
    and her roll on the phone reaches it."""
    gm_context = new_context(browser, "1280")
    refuse_relay(gm_context, sites.relay_url)
    table = Table(browser, base_url, WR, laptop=gm_context)
    try:
        phone = paired_by_typing(table, browser, sites.relay_url, LOSE_FIRST_HELLO)
        table.wait_joined(phone)
        assert phone.evaluate("window.helloLost") == 1, "the phone's first hello was sent"
        her_roll_reaches_the_laptop(table, phone)
    finally:
        table.close()
