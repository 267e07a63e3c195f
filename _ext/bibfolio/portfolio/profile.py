"""The ``{profile}`` card of the home page, and the home page's OpenGraph profile and title.

The directive builds standard nodes from ``bibfolio_profile`` (see model/profile.py):
the photo (an ``image``, so Sphinx copies it to ``_images/``; in HTML, the owner's
initials stand in for a missing photo),
then position, affiliation and interests as paragraphs, and the links as references
whose text is their accessible name.  Every builder writes that as it is; for HTML a
post-transform puts an inline SVG icon in each link and hides its name visually.

The card is a ``nodes.Invisible`` container so that page descriptions
(sphinxext-opengraph's ``og:description``) skip it: the description stays the page's
first paragraph, never the photo's alt text or the list of link names.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ..build.bibliography import get_domain
from ..build.translation import _, translated
from ..build.warnings_ import warn
from ..model.profile import read_profile
from ..pages.head import photo_url
from ..pages.localfiles import is_epub
from .icons import ICON_PATHS

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.writers.html5 import HTML5Translator

    from ..model.profile import Profile

#: Drawn with fill-rule evenodd (their inner shapes are holes); Simple Icons' paths are not.
_EVENODD = frozenset({"linkedin", "email", "link"})
_TAGS = re.compile(r"<[^>]+>")


class profile_card(nodes.container, nodes.Invisible):  # noqa: N801 - docutils node naming
    """The card: photo or initials, facts, links."""


class profile_icon(nodes.inline):  # noqa: N801
    """An inline SVG icon (``kind``), created by :class:`ProfileIcons` for HTML.

    Empty: a writer without a visitor of its own (a CV, text) writes nothing for it.
    """


class ProfileDirective(SphinxDirective):
    """``{profile}``: the owner's card from ``bibfolio_profile``.

    Card and content (the biography, if any: content of comments alone is none) are in a
    ``bibfolio-home`` container: in HTML its section's title (the owner's name) joins the
    card, and the biography sits beside it from 992 px, below it on narrower screens
    (bibfolio.css).  With a CV the card always has something to show: the CV link.
    """

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        """The card, or nothing (and a warning) when there is nothing to show."""
        profile, _problems = read_profile(self.config.bibfolio_profile)
        facts = [
            (profile.position, "position"),
            (profile.affiliation, "affiliation"),
            (profile.interests, "interests"),
        ]
        cv = self.config.bibfolio_cv is not False
        if not (profile.photo or profile.links or any(text for text, _ in facts) or cv):
            warn(
                "the {profile} card has nothing to show: set position, affiliation, "
                "interests, photo or a link in bibfolio_profile",
                "config",
                location=self.get_location(),
            )
            return []
        card = profile_card(classes=["bibfolio-profile"])
        self.set_source_info(card)
        if profile.photo:
            card += self._photo(profile)
        else:
            card["initials"] = profile.initials
        body = nodes.container(classes=["bibfolio-profile-body"])
        for text, name in facts:
            if text:
                # The project's own locale/<lang>/LC_MESSAGES/bibfolio.po may translate it.
                shown = translated(text)
                body += nodes.paragraph(shown, shown, classes=[f"bibfolio-profile-{name}"])
        for link in profile.links:
            if link.kind == "email":  # the address to read and copy, once: not also an icon
                address = link.url.removeprefix("mailto:")
                label = translated(link.label)
                body += nodes.paragraph(
                    "",
                    "",
                    nodes.reference(
                        "",
                        "",
                        # Read "Email ada@example.org"; the icon (added for HTML) tells the eye.
                        nodes.inline(label, label, classes=["bibfolio-visually-hidden"]),
                        nodes.Text(" "),
                        nodes.inline(address, address, classes=["bibfolio-profile-address"]),
                        refuri=link.url,
                        classes=["bibfolio-profile-mail"],
                    ),
                    classes=["bibfolio-profile-email"],
                )
        icon_links = [link for link in profile.links if link.kind != "email"]
        if icon_links:
            row = nodes.paragraph(classes=["bibfolio-profile-links"])
            for link in icon_links:
                reference = nodes.reference(
                    "",
                    "",
                    nodes.inline(
                        translated(link.label),
                        translated(link.label),
                        classes=["bibfolio-profile-label"],
                    ),
                    refuri=link.url,
                    classes=["bibfolio-profile-link", f"bibfolio-profile-{link.kind}"],
                    kind=link.kind,
                )
                row += reference
                row += nodes.Text(" ")
            body += row
        if cv:
            # The CV page, by name (no icon); left out where the build writes none.
            from ..cv.role import cv_link  # noqa: PLC0415

            row = body.children[-1] if icon_links else None
            if row is None:
                row = nodes.paragraph(classes=["bibfolio-profile-links"])
                body += row
            row += cv_link(
                _("CV"), _("CV"), classes=["bibfolio-cv-link", "bibfolio-profile-cv"], which="page",
                optional=True,
            )  # fmt: skip
        card += body
        home = nodes.container("", card, classes=["bibfolio-home"])
        parsed = self.parse_content_to_nodes(allow_section_headings=False) if self.content else []
        # Only comments (what `bibfolio new` writes there): no biography, the card alone.
        if any(not isinstance(node, nodes.comment) for node in parsed):
            biography = nodes.container(classes=["bibfolio-profile-bio"])
            self.set_source_info(biography)
            biography += parsed
            home += biography
        return [home]

    def _photo(self, profile: Profile) -> nodes.image:
        alt = profile.photo_alt or profile.name
        # "dark-light": pydata-sphinx-theme's class for images that need no dimming or
        # white backing (and square corners) in dark mode; a portrait does not.
        image = nodes.image(
            uri="/" + profile.photo, alt=alt, classes=["bibfolio-profile-photo", "dark-light"]
        )
        self.set_source_info(image)
        return image


class ProfileIcons(SphinxPostTransform):
    """HTML: the initials where there is no photo, and an icon in each card link.

    The link's name stays, for screen readers only.
    """

    default_priority = 5
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        # An EPUB would have to declare inline SVG in its OPF (Sphinx does not): there
        # the links keep their names as text.
        epub = is_epub(get_domain(self.env).app.builder)  # type: ignore[union-attr]
        for card in self.document.findall(profile_card):
            initials = card.get("initials")
            if initials:  # a picture's place on screen; in print or text it is noise
                card.insert(
                    0, nodes.inline(initials, initials, classes=["bibfolio-profile-initials"])
                )
            if epub:
                continue
            for reference in card.findall(nodes.reference):
                if "bibfolio-profile-mail" in reference["classes"]:  # icon, then the address
                    reference.insert(0, profile_icon(kind="email"))
                    continue
                if "bibfolio-profile-link" not in reference["classes"]:
                    continue  # the CV: a text link
                kind = reference.get("kind", "link")
                for label in reference.findall(nodes.inline):
                    label["classes"].append("bibfolio-visually-hidden")
                reference.insert(0, profile_icon(kind=kind if kind in ICON_PATHS else "link"))
                reference["reftitle"] = reference.astext()


def icon_svg(kind: str) -> str:
    """The ``<svg>`` of *kind*: 24×24, in the text colour, hidden from screen readers."""
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": "0 0 24 24",
            "width": "24",
            "height": "24",
            "fill": "currentColor",
            "aria-hidden": "true",
            "focusable": "false",
            "class": "bibfolio-icon",
        },
    )
    path = ET.SubElement(svg, "path", {"d": ICON_PATHS[kind]})
    if kind in _EVENODD:
        path.set("fill-rule", "evenodd")
    return ET.tostring(svg, encoding="unicode")


def _visit_icon(self: HTML5Translator, node: profile_icon) -> None:
    self.body.append(icon_svg(node["kind"]))
    raise nodes.SkipNode


def report_problems(app: Sphinx, config: Config) -> None:
    """``config-inited``, after validation: say which profile values were left out."""
    _profile, problems = read_profile(config.bibfolio_profile)
    conf_py = Path(app.confdir, "conf.py")
    lines = conf_py.read_text(encoding="utf-8").splitlines() if conf_py.is_file() else []
    for problem in problems:
        warn(problem, "config", location=f"{conf_py}:{_line_of(lines, problem)}")


def _line_of(lines: list[str], problem: str) -> int:
    """The conf.py line of the profile key a *problem* names (else of bibfolio_profile)."""
    start = next((n for n, line in enumerate(lines) if "bibfolio_profile" in line), 0)
    key = re.search(r"\['(\w+)'\]", problem)
    if key:
        for number in range(start, len(lines)):
            if f'"{key[1]}"' in lines[number] or f"'{key[1]}'" in lines[number]:
                return number + 1
    return start + 1


def home_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context`` (before sphinxext-opengraph): the home page of a portfolio.

    OpenGraph ``og:type`` becomes ``profile`` (with the photo as ``og:image`` where the
    site has an address), and a home page titled with the site's own title gets
    ``<title>Name</title>``, not "Name — Name".
    """
    config = app.config
    if not config.bibfolio_portfolio or pagename != config.root_doc:
        return
    title = _TAGS.sub("", str(context.get("title") or "")).strip()
    if title and title == str(context.get("docstitle") or "").strip():
        context["bibfolio_title"] = title  # read by templates/layout.html
    profile, _problems = read_profile(config.bibfolio_profile)
    if not profile.name:
        return
    # A copy: the page's metadata dict belongs to the environment.
    meta = dict(context.get("meta") or {})
    meta.setdefault("og:type", "profile")
    image = photo_url(app, profile)
    if image and config.html_baseurl:
        meta.setdefault("og:image", image)
        meta.setdefault("og:image:alt", profile.photo_alt or profile.name)
    context["meta"] = meta


def register(app: Sphinx) -> None:
    """Nodes, directive, post-transform and handlers of the card."""
    app.add_node(profile_card)
    app.add_node(profile_icon, html=(_visit_icon, None))
    app.add_directive("profile", ProfileDirective)
    app.add_post_transform(ProfileIcons)
    app.connect("config-inited", report_problems, priority=450)
    app.connect("html-page-context", home_page_context, priority=400)
