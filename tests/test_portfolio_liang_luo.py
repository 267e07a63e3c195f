"""examples/liang-luo is the portfolio of the researcher in seed 003: the whole list."""

from __future__ import annotations

import re

import pytest

from .helpers import heading_text

pytestmark = pytest.mark.portfolio

# Seed order.  (key, group, badge, title shown, author count, owner's position,
# award note, impact note, equal-contribution authors) -- all as the seed writes them.
SEED = [
    (
        "liang2025mot",
        "journal",
        "TMLR'25 J2C Award",
        "Mixture-of-Transformers: A Sparse and Scalable Architecture for Multi-Modal Foundation Models",
        11,
        3,
        "",
        "Powering Meta Segment Anything 3, ByteDance Mogao and Bagel, Xiaomi-Robotics-0, Tencent HY-Embodied-0.5, and Alibaba WAN Weaver",
        ["Lili Yu", "Liang Luo"],
    ),
    ("huang2023p4sgd", "journal", "IEEE TPDS 2023", "P4SGD", 8, 6, "", "", []),
    (
        "liu2017incbricksmicro",
        "journal",
        "IEEE Micro 2017",
        "IncBricks: Enables in-network computation with a programmable network middlebox",
        5,
        2,
        "Selected as MICRO Top Picks 2018 Honorable Mention",
        "",
        [],
    ),
    (
        "wang2026itpo",
        "conference",
        "ICML'26",
        "Implicit Turn-Wise Policy Optimization for Proactive User-LLM Interaction",
        6,
        3,
        "",
        "",
        [],
    ),
    (
        "zhang2026reasonrec",
        "conference",
        "ACL'26 Findings",
        "ReasonRec: A Reasoning-Augmented Multimodal Agent for Unified Recommendation",
        13,
        9,
        "",
        "",
        [],
    ),
    (
        "liu2026solaris",
        "conference",
        "SIGIR'26",
        "SOLARIS: Speculative Offloading of Latent-bAsed Representation for Inference Scaling",
        33,
        2,
        "",
        "Powering Meta's Ads Recommendation.",
        [],
    ),
    (
        "feng2026freescale",
        "conference",
        "MLSys'26",
        "FreeScale: Distributed Training for Sequence Recommendation Models with Minimal Scaling Cost",
        21,
        5,
        "",
        "Powering Meta's Feeds Recommendation.",
        [],
    ),
    (
        "luo2026lattice",
        "conference",
        "KDD'26",
        "Meta Lattice: Model Space Redesign for Cost-Effective Industry-Scale Ads Recommendations",
        42,
        1,
        "",
        "Powering Meta's Ads Recommendation.",
        [],
    ),
    (
        "qin2026phantora",
        "conference",
        "NSDI'26",
        "Phantora: Maximizing Code Reuse in Simulation-based Machine Learning System Performance Estimation",
        11,
        6,
        "",
        "",
        [],
    ),
    (
        "gao2025deck",
        "conference",
        "VLDB'25",
        "DECK: Experiences on Delta Checkpointing for Industrial Recommendation Systems",
        16,
        6,
        "",
        "Powering Meta's Feeds Recommendation.",
        [],
    ),
    (
        "zhou2025efficiency",
        "conference",
        "ACL'25",
        "The Efficiency vs. Accuracy Trade-off: Optimizing RAG-Enhanced LLM Recommender Systems Using Multi-Head Early Exit",
        19,
        14,
        "",
        "",
        [],
    ),
    (
        "liang2025exfm",
        "conference",
        "WWW'25",
        "External large foundation model: How to efficiently serve trillions of parameters for online ads recommendation",
        102,
        51,
        "",
        "",
        [],
    ),
    (
        "zhang2024wukong",
        "conference",
        "ICML 2024",
        "Wukong: Towards a Scaling Law for Large-Scale Recommendation",
        15,
        2,
        "",
        "Powering Meta's Ads Recommendation.",
        ["Buyun Zhang", "Liang Luo", "Yuxin Chen"],
    ),
    (
        "luo2024dmt",
        "conference",
        "MLSys 2024",
        "Disaggregated Multi-Tower: A topology-aware modeling technique for efficient large-scale recommendation",
        14,
        1,
        "",
        "",
        [],
    ),
    (
        "zhao2023fsdp",
        "conference",
        "VLDB 2023",
        "PyTorch FSDP",
        16,
        4,
        "Runner-up Best Paper Award (Industry Track)",
        "",
        [],
    ),
    (
        "zha2023neuroshard",
        "conference",
        "MLSys 2023",
        "NeuroShard: Learning to shard embedding tables with a pre-trained cost model",
        11,
        3,
        "",
        "",
        [],
    ),
    (
        "luo2022srifty",
        "conference",
        "MLSys 2022",
        "SRIFTY: A throughput and cost Optimizer for public cloud-based distributed training",
        5,
        1,
        "",
        "",
        [],
    ),
    (
        "mudigere2022neo",
        "conference",
        "ISCA 2022",
        "NEO: Software-Hardware Co-design for Fast and Scalable Training of Deep Learning Recommendation Models",
        53,
        11,
        "",
        "",
        [],
    ),
    (
        "chen2022nethint",
        "conference",
        "NSDI 2022",
        "NetHint: White-Box Networking for Multi-Tenant Data Centers",
        7,
        4,
        "",
        "",
        [],
    ),
    (
        "yan2021resolution",
        "conference",
        "IISWC 2021",
        "Characterizing and Taming Resolution in Convolutional Neural Networks",
        3,
        2,
        "",
        "",
        [],
    ),
    (
        "luo2020plink",
        "conference",
        "MLSys 2020",
        "PLINK: Discovers and exploits datacenter network locality for efficient communication in cloud-based systems",
        5,
        1,
        "",
        "",
        [],
    ),
    (
        "luo2018audit",
        "conference",
        "USENIX ATC 2018",
        "AUDIT: Troubleshoots transiently recurring errors in production systems with blame-proportional logging",
        5,
        1,
        "",
        "",
        [],
    ),
    (
        "luo2018phub",
        "conference",
        "ACM SoCC 2018",
        "Parameter Hub: Efficient software stack implementation for rack-level parameter servers",
        5,
        1,
        "",
        "",
        [],
    ),
    (
        "luo2018pbox",
        "conference",
        "MLSys 2018",
        "Parameter Box: High performance parameter servers with balanced resource allocation",
        5,
        1,
        "",
        "",
        [],
    ),
    (
        "liu2017incbricks",
        "conference",
        "ASPLOS 2017",
        "IncBricks: Enables in-network computation with a programmable network middlebox",
        5,
        2,
        "",
        "",
        [],
    ),
    (
        "luo2016laser",
        "conference",
        "HPCA 2016",
        "LASER: Uses PEBs events for sharing detection and online repair of false sharing with low overhead",
        7,
        1,
        "",
        "",
        [],
    ),
    (
        "zhang2022dhen",
        "workshop",
        "KDD DLP 2022",
        "DHEN: A Deep and Hierarchical Ensemble Network for Large-Scale Click-Through Rate Prediction",
        17,
        2,
        "",
        "",
        ["Buyun Zhang", "Liang Luo"],
    ),
    (
        "luo2017ina",
        "workshop",
        "ASPLOS WAX 2017",
        "INA: Motivates in-network aggregation for accelerating data-intensive applications",
        6,
        1,
        "",
        "",
        [],
    ),
    (
        "lin2024moma",
        "preprint",
        "",
        "MoMa: Efficient Early-Fusion Pre-training with Mixture of Modality-Aware Experts",
        8,
        3,
        "",
        "",
        [],
    ),
    (
        "lin2021spmm",
        "preprint",
        "",
        "Accelerating SpMM Kernel with Cache-First Edge Sampling for GNN Inference",
        3,
        2,
        "",
        "",
        [],
    ),
    (
        "luo2021cloudcollectives",
        "preprint",
        "",
        "Cloud Collectives: Towards Cloud-aware Collectives for ML Workloads with Rank Reordering",
        4,
        1,
        "",
        "",
        [],
    ),
]
# Official titles where the seed uses the owner's own wording (reference/publications.md).
OFFICIAL = {
    "luo2020plink": "PLink: Discovering and Exploiting Locality for Accelerated Distributed Training on the public Cloud",
    "zhao2023fsdp": "PyTorch FSDP: Experiences on Scaling Fully Sharded Data Parallel",
    "luo2022srifty": "SRIFTY: Swift and Thrifty Distributed Neural Network Training on the Cloud",
}
FALSE_FRIENDS = ["Luoshang Pan", "Dong Liang", "Mingfu Liang"]


@pytest.fixture(scope="module")
def built(built_liang_luo):
    return built_liang_luo


@pytest.fixture(scope="module")
def entries(built):
    return built.page("index").select("li.bibfolio-entry")


def names_in(element) -> list[str]:
    return [name.strip() for name in element.get_text().replace("*", "").split(",")]


def all_names(entry) -> list[str]:
    full = entry.select_one(".bibfolio-authors-full") or entry.select_one(".bibfolio-authors")
    return names_in(full)


def test_fresh_build_has_no_warnings(built):
    assert built.warnings == ""


def test_every_seed_publication_in_seed_order(entries):
    assert [li["id"] for li in entries] == [f"pub-{row[0]}" for row in SEED]


def test_group_order_and_titles(built):
    titles = [heading_text(h) for h in built.page("index").select("section.bibfolio-group > h3")]
    assert titles == [
        "Journal Publications",
        "Conference Publications",
        "Workshop Publications",
        "Preprints",
    ]
    for section, group in zip(
        built.page("index").select("section.bibfolio-group"),
        ["journal", "conference", "workshop", "preprint"],
        strict=True,
    ):
        assert {li["data-type"] for li in section.select("li.bibfolio-entry")} == {group}


@pytest.mark.parametrize("row", SEED, ids=[row[0] for row in SEED])
def test_badge_title_notes_and_authors(entries, row):
    key, group, badge, title, count, owner_at, award, impact, _equal = row
    entry = next(li for li in entries if li["id"] == f"pub-{key}")
    assert entry["data-type"] == group
    found_badge = entry.select_one(".bibfolio-badge")
    assert (found_badge.get_text() if found_badge else "") == badge
    assert entry.select_one(".bibfolio-title").get_text() == title
    assert (entry.select_one(".bibfolio-award").get_text() if award else None) == (award or None)
    assert (entry.select_one(".bibfolio-impact").get_text() if impact else None) == (impact or None)
    names = all_names(entry)
    assert len(names) == count
    assert names[owner_at - 1] == "Liang Luo"


def test_owner_bold_in_every_entry_and_nobody_else(entries):
    for entry in entries:
        bold = {s.get_text() for s in entry.select("strong.bibfolio-owner")}
        assert bold == {"Liang Luo"}, entry["id"]
        for name in FALSE_FRIENDS:
            assert not any(s.get_text() == name for s in entry.select("strong"))


def test_equal_contribution_marks_and_one_legend(built, entries):
    for key, *_, equal in SEED:
        entry = next(li for li in entries if li["id"] == f"pub-{key}")
        full = entry.select_one(".bibfolio-authors-full") or entry.select_one(".bibfolio-authors")
        marked = [
            n.strip().replace("*", "")
            for n in full.get_text().split(",")
            if n.strip().endswith("*")
        ]
        assert marked == equal, key
    assert [p.get_text() for p in built.page("index").select("p.bibfolio-legend")] == [
        "*: equal contribution"
    ]


@pytest.mark.parametrize(
    ("key", "hidden"),
    [
        ("liang2025exfm", 92),
        ("mudigere2022neo", 43),
        ("luo2026lattice", 32),
        ("liu2026solaris", 23),
    ],
)
def test_long_lists_fold_but_keep_the_owner(entries, key, hidden):
    entry = next(li for li in entries if li["id"] == f"pub-{key}")
    short = entry.select_one(".bibfolio-authors-short")
    assert short.select_one("strong.bibfolio-owner").get_text() == "Liang Luo"
    assert entry.select_one(".bibfolio-when-closed").get_text() == f"{hidden} more authors"
    visible = [n for n in names_in(short) if n != "…"]
    count = next(row[4] for row in SEED if row[0] == key)
    assert len(visible) + hidden == count


def test_official_titles_for_citers(built):
    for key, official in OFFICIAL.items():
        paper = built.page(f"publications/{key}")
        assert heading_text(paper.find("h1")) == official
        assert paper.find("meta", attrs={"name": "citation_title"})["content"] == official
        bibtex = paper.select_one("#bibtex pre").get_text()
        assert re.search(r"title = \{" + re.escape(official) + r"\}", bibtex)
        assert "display_title" not in bibtex
        assert official in paper.select_one(".bibfolio-cite-as").get_text()


def test_no_empty_sections_from_the_seed(built):
    pages = sorted(p.name for p in built.outdir.glob("*.html"))
    # cv.html: the web CV; 404.html: the hosts' page for missing paths
    assert pages == ["404.html", "cv.html", "index.html", "search.html"]
    text = built.text("index")
    for heading in ("Education", "Work Experience", "Community Service"):
        assert heading not in text


def test_home_links_the_cv_page_and_its_pdf(built):
    # The card (initials, the name, a CV button) links the page; the page links the PDF.
    links = {a.get_text(): a["href"] for a in built.page("index").select("a.bibfolio-cv-link")}
    assert links == {"CV": "cv.html"}
    pdfs = {a.get_text(): a["href"] for a in built.page("cv").select("a.bibfolio-cv-link")}
    assert pdfs["full CV"] == "cv.pdf"
    for target in [*links.values(), *pdfs.values()]:
        assert (built.outdir / target).is_file()
    # The CV page is the name and the publication list, without the line linking it.
    cv = " ".join(built.page("cv").select_one("article").get_text().split())
    assert "on this site" not in cv
    titles = [t.get_text() for t in built.page("index").select("li.bibfolio-entry .bibfolio-title")]
    assert len(titles) == 31
    assert [title for title in titles if " ".join(title.split()) not in cv] == []
