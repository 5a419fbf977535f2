import RoverCore

/// The page's fixed parts: its policy, style, viewer and script. None of them holds text from a sidecar; the script
/// reads captions from the page with `textContent` and never writes HTML.
extension GalleryPage {
  /// Images from the page's own folder tree only; no fetch, font, frame or remote image, so no network request.
  static let contentSecurityPolicy =
    "default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    + "base-uri 'none'; form-action 'none'"

  static let lightbox = """
    <div id="lightbox" class="lightbox" hidden role="dialog" aria-modal="true" aria-label="Photo viewer">
    <figure><img alt=""><figcaption><span class="lb-text"></span> <a class="lb-full" href="">full size</a></figcaption>
    </figure>
    <button type="button" class="lb-prev" aria-label="Previous photo">&#8249;</button>
    <button type="button" class="lb-next" aria-label="Next photo">&#8250;</button>
    <button type="button" class="lb-close" aria-label="Close">&#215;</button>
    </div>

    """

  static let style = """
    :root { color-scheme: dark; --bg: #111; --fg: #e8e6e3; --muted: #a09a92; --tile: #222; --accent: #f0955a; }
    * { box-sizing: border-box; }
    html.lb-on { overflow: hidden; }
    body { margin: 0; background: var(--bg); color: var(--fg);
      font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
    header, main { padding: 0 clamp(0.5rem, 2vw, 2.5rem); }
    h1 { font-size: 1.6rem; margin: 1rem 0 0.2rem; overflow-wrap: anywhere; }
    a { color: var(--accent); }
    .summary, .count, .date, .full { color: var(--muted); font-weight: normal; }
    .count { font-size: 0.8em; }
    .count::before { content: "("; } .count::after { content: ")"; }
    .tools { display: none; align-items: center; gap: 0.5rem; flex-wrap: wrap; margin: 0.6rem 0; }
    .js .tools { display: flex; }
    #filter { font: inherit; padding: 0.35rem 0.6rem; border-radius: 0.4rem; border: 1px solid #555;
      background: #1c1c1c; color: inherit; width: min(18rem, 100%); }
    .jump ul { list-style: none; margin: 0; padding: 0; }
    .jump > ul > li { margin: 0.3rem 0; }
    .jump .sols { display: flex; flex-wrap: wrap; gap: 0.15rem 0.9rem; margin: 0.2rem 0 0 0.8rem;
      max-height: 9.5em; overflow-y: auto; }
    h2 { font-size: 1.35rem; margin: 1.4rem 0 0.4rem; position: sticky; top: 0; z-index: 2;
      background: var(--bg); padding: 0.3rem 0; }
    h3 { font-size: 1.1rem; margin: 1rem 0 0.3rem; }
    h3 a { color: inherit; text-decoration: none; }
    h4 { font-size: 0.95rem; margin: 0.6rem 0 0.3rem; overflow-wrap: anywhere; }
    .grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem;
      grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
    .tile { background: var(--tile); border-radius: 0.4rem; overflow: hidden; min-width: 0; }
    .tile a.photo { display: block; }
    .tile img { display: block; width: 100%; aspect-ratio: 4 / 3; object-fit: cover; background: #2c2c2c; }
    .caption { margin: 0; padding: 0.3rem 0.45rem; font-size: 0.78em; color: var(--muted); overflow-wrap: anywhere; }
    .caption .cam { color: var(--fg); }
    .caption span, .caption b, h2, h4, .date { unicode-bidi: isolate; }
    .tile:target { outline: 2px solid var(--accent); }
    .empty { color: var(--muted); margin: 2rem 0; }
    [hidden] { display: none !important; }
    .lightbox { position: fixed; inset: 0; z-index: 10; background: rgba(0, 0, 0, 0.94);
      display: flex; align-items: center; justify-content: center; }
    .lightbox figure { margin: 0; display: flex; flex-direction: column; align-items: center; max-width: 100%; }
    .lightbox img { max-width: 100vw; max-height: calc(100vh - 4rem); object-fit: contain; }
    .lightbox figcaption { padding: 0.5rem 1rem; text-align: center; overflow-wrap: anywhere; }
    .lightbox button { position: absolute; border: 0; border-radius: 50%; width: 3rem; height: 3rem;
      background: rgba(50, 50, 50, 0.75); color: #fff; font-size: 2rem; line-height: 1; cursor: pointer; }
    .lightbox button:disabled { opacity: 0.25; cursor: default; }
    .lb-prev { left: 0.6rem; top: 50%; transform: translateY(-50%); }
    .lb-next { right: 0.6rem; top: 50%; transform: translateY(-50%); }
    .lb-close { right: 0.6rem; top: 0.6rem; }
    @media (max-width: 520px) {
      body { font-size: 14px; }
      .grid { grid-template-columns: repeat(auto-fill, minmax(105px, 1fr)); gap: 0.35rem; }
      .caption { font-size: 0.72em; }
    }
    @media (min-width: 2200px) {
      body { font-size: 18px; }
      .grid { grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 0.7rem; }
    }

    """

  /// Opens the viewer on a click (plain links stay the fallback), steps with the arrow keys, closes on Escape,
  /// opens `#photo-ID` from the address, and filters by camera.
  static let script = """
    (function () {
      'use strict';
      var root = document.documentElement;
      root.classList.add('js');
      var box = document.getElementById('lightbox');
      var big = box.querySelector('img');
      var text = box.querySelector('.lb-text');
      var full = box.querySelector('.lb-full');
      var prev = box.querySelector('.lb-prev');
      var next = box.querySelector('.lb-next');
      var tiles = Array.prototype.slice.call(document.querySelectorAll('.tile'));
      var current = null;

      function visible() {
        return tiles.filter(function (tile) { return !tile.closest('[hidden]'); });
      }
      function setHash(hash) {
        try { history.replaceState(null, '', hash || location.pathname + location.search); } catch (e) { }
      }
      function show(tile) {
        var link = tile.querySelector('a.photo');
        current = tile;
        big.src = link.getAttribute('href');
        big.alt = tile.querySelector('img').alt;
        text.textContent = tile.querySelector('.meta').textContent;
        full.setAttribute('href', link.getAttribute('href'));
        var list = visible();
        var index = list.indexOf(tile);
        prev.disabled = index <= 0;
        next.disabled = index < 0 || index >= list.length - 1;
        box.hidden = false;
        root.classList.add('lb-on');
        setHash('#' + tile.id);
        box.querySelector('.lb-close').focus({ preventScroll: true });
      }
      function close() {
        if (box.hidden) { return; }
        box.hidden = true;
        root.classList.remove('lb-on');
        big.removeAttribute('src');
        setHash('');
        if (current) {
          current.scrollIntoView({ block: 'nearest' });
          current.querySelector('a.photo').focus({ preventScroll: true });
        }
      }
      function step(by) {
        var list = visible();
        var index = list.indexOf(current);
        var target = list[index + by];
        if (index >= 0 && target) { show(target); }
      }
      function fromHash() {
        var id = location.hash.slice(1);
        var tile = id ? document.getElementById(decodeURIComponent(id)) : null;
        if (tile && tile.classList.contains('tile')) { show(tile); } else { close(); }
      }

      document.addEventListener('click', function (event) {
        var link = event.target.closest && event.target.closest('a.photo');
        if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
          return;
        }
        event.preventDefault();
        show(link.closest('.tile'));
      });
      prev.addEventListener('click', function () { step(-1); });
      next.addEventListener('click', function () { step(1); });
      box.querySelector('.lb-close').addEventListener('click', close);
      box.addEventListener('click', function (event) { if (event.target === box) { close(); } });
      document.addEventListener('keydown', function (event) {
        if (box.hidden) { return; }
        if (event.key === 'Escape') { close(); }
        else if (event.key === 'ArrowRight') { step(1); }
        else if (event.key === 'ArrowLeft') { step(-1); }
        else { return; }
        event.preventDefault();
      });
      window.addEventListener('hashchange', fromHash);
      if (location.hash) { fromHash(); }

      var filter = document.getElementById('filter');
      var shown = document.getElementById('shown');
      if (!filter) { return; }
      function apply() {
        var query = filter.value.trim().toLowerCase();
        var count = 0;
        document.querySelectorAll('section.camera').forEach(function (section) {
          var match = !query || section.getAttribute('data-camera').indexOf(query) >= 0;
          section.hidden = !match;
          if (match) { count += section.querySelectorAll('.tile').length; }
        });
        document.querySelectorAll('section.unsorted').forEach(function (section) {
          section.hidden = !!query;
          if (!query) { count += section.querySelectorAll('.tile').length; }
        });
        document.querySelectorAll('section.sol, section.rover:not(.unsorted)').forEach(function (section) {
          section.hidden = !section.querySelector('section.camera:not([hidden])');
        });
        document.querySelectorAll('.jump li[data-target]').forEach(function (item) {
          var target = document.getElementById(item.getAttribute('data-target'));
          item.hidden = !target || target.hidden;
        });
        shown.textContent = query ? count + ' of ' + tiles.length + ' photos' : '';
      }
      filter.addEventListener('input', apply);
      if (filter.value) { apply(); }
    })();

    """
}
