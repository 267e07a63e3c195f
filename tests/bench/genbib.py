"""Deterministic, realistic synthetic BibTeX for the benchmark.

``python -m tests.bench.genbib N out.bib [--seed 42]`` writes N entries; the same N and
seed always give the same bytes.  Every entry has "Luo, Liang" (the portfolio owner) among
3-12 authors, whose names mix ASCII, LaTeX escapes and UTF-8; about 55% are
@inproceedings, 35% @article and 10% arXiv @misc, with the al-folio fields bibfolio reads
(abbr, selected, pdf, code, award, impact, pubtype) and ``author+an`` equal-contribution
marks.  :func:`generate_entries` keeps the plain-text forms too, so the benchmark can
pre-render the same list as Markdown (:func:`markdown_list`).
"""

from __future__ import annotations

import argparse
import difflib
import random
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

OWNER = ("Luo", "Liang")  #: (last, first), written "Luo, Liang"
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


@dataclass(frozen=True)
class Name:
    """One name part, as written in the .bib and as a reader sees it."""

    latex: str
    text: str

    @property
    def ascii(self) -> str:
        """Lower-case ASCII letters only, for citation keys."""
        folded = unicodedata.normalize("NFKD", self.text.lower().translate(_UNDECOMPOSABLE))
        return re.sub(r"[^a-z]", "", folded)


_UNDECOMPOSABLE = str.maketrans({"ł": "l", "ø": "o", "ı": "i", "æ": "ae", "ß": "ss", "đ": "d"})


def _names(pairs: str) -> tuple[Name, ...]:
    """``latex|text`` pairs, one per line; a line without ``|`` is the same in both."""
    found = []
    for line in pairs.strip().splitlines():
        latex, _, text = line.strip().partition("|")
        found.append(Name(latex, text or latex))
    return tuple(found)


FIRST_NAMES = _names(r"""
    Wei
    Jing
    Yuki
    Hiroshi
    Anna
    Maria
    John
    David
    Sarah
    Michael
    Priya
    Rahul
    Ahmed
    Fatima
    Olga
    Ivan
    Pierre
    Luca
    Sofia
    Emma
    Noah
    Chen
    Min-jun
    Ji-woo
    Kwame
    Amara
    Tomasz
    Katarzyna
    Lars
    Ingrid
    Carlos
    Mateo
    Hannah
    Xin
    Haoyu
    Rui
    Arvind
    Jacob
    Ming
    Yingtao
    Fran\c{c}ois|François
    Jos{\'e}|José
    Bj{\"o}rn|Björn
    Zo{\"e}|Zoë
    Ren{\'e}e|Renée
    J{\"u}rgen|Jürgen
    S{\o}ren|Søren
    {\L}ukasz|Łukasz
    Ji{\v{r}}{\'\i}|Jiří
    Ra{\'u}l|Raúl
    In{\^e}s|Inês
    {\'A}lvaro|Álvaro
    Ma{\l}gorzata|Małgorzata
    Ond{\v{r}}ej|Ondřej
    François
    Zoë
    Søren
    Łukasz
    Çağrı
    Inês
""")

LAST_NAMES = _names(r"""
    Smith
    Wang
    Zhang
    Li
    Chen
    Kumar
    Patel
    Kim
    Park
    Tanaka
    Suzuki
    Ivanov
    Rossi
    Silva
    Santos
    Johnson
    Brown
    Nguyen
    Hoffmann
    Schmidt
    Novak
    Jensen
    Cohen
    Okafor
    Mensah
    Haddad
    Dubois
    Fischer
    Yamamoto
    Gupta
    Singh
    Hassan
    Murphy
    O'Brien
    van der Berg
    de la Cruz
    M{\"u}ller|Müller
    Garc{\'\i}a|García
    {\v{S}}koda|Škoda
    Dvo{\v{r}}{\'a}k|Dvořák
    S{\o}rensen|Sørensen
    {\"O}zt{\"u}rk|Öztürk
    Nu{\~n}ez|Nuñez
    Gon{\c{c}}alves|Gonçalves
    Jim{\'e}nez|Jiménez
    Erd{\H{o}}s|Erdős
    {\AA}str{\"o}m|Åström
    Y{\i}lmaz|Yılmaz
    Lef{\`e}vre|Lefèvre
    Mart{\'\i}nez|Martínez
    Garc{\'\i}a-L{\'o}pez|García-López
    Ko{\l}odziej|Kołodziej
    Müller
    Sørensen
    Jiménez
    Nguyễn
    Öztürk
    Håkansson
    Šimůnek
    Łukasiewicz
""")

CONFERENCES = (
    ("ICML", "Proceedings of the International Conference on Machine Learning", "PMLR"),
    ("NeurIPS", "Advances in Neural Information Processing Systems", "Curran Associates"),
    ("ICLR", "International Conference on Learning Representations", ""),
    ("OSDI", "USENIX Symposium on Operating Systems Design and Implementation", "USENIX"),
    ("SOSP", "Proceedings of the ACM Symposium on Operating Systems Principles", "ACM"),
    ("NSDI", "USENIX Symposium on Networked Systems Design and Implementation", "USENIX"),
    ("SIGCOMM", "Proceedings of the ACM SIGCOMM Conference", "ACM"),
    ("EuroSys", "Proceedings of the European Conference on Computer Systems", "ACM"),
    ("ASPLOS", "Architectural Support for Programming Languages and Operating Systems", "ACM"),
    ("ISCA", "Proceedings of the International Symposium on Computer Architecture", "IEEE"),
    ("MLSys", "Proceedings of Machine Learning and Systems", "MLSys"),
    (
        "SC",
        "International Conference for High Performance Computing, Networking, Storage and Analysis",
        "IEEE",
    ),
    ("VLDB", "Proceedings of the VLDB Endowment", "VLDB Endowment"),
    (
        "ACL",
        "Proceedings of the Annual Meeting of the Association for Computational Linguistics",
        "ACL",
    ),
    ("CVPR", "{IEEE/CVF} Conference on Computer Vision and Pattern Recognition", "IEEE"),
    (
        "KDD",
        "Proceedings of the {ACM SIGKDD} Conference on Knowledge Discovery and Data Mining",
        "ACM",
    ),
)
WORKSHOPS = (
    ("HotNets", "Proceedings of the ACM Workshop on Hot Topics in Networks", "ACM"),
    ("HotOS", "Workshop on Hot Topics in Operating Systems", "ACM"),
    ("MLSys-WS", "Workshop on Machine Learning for Systems at {NeurIPS}", ""),
)
JOURNALS = (
    ("JMLR", "Journal of Machine Learning Research"),
    ("TMLR", "Transactions on Machine Learning Research"),
    ("IEEE TPDS", "{IEEE} Transactions on Parallel and Distributed Systems"),
    ("ACM TOCS", "{ACM} Transactions on Computer Systems"),
    ("CACM", "Communications of the {ACM}"),
    ("IEEE Micro", "{IEEE} Micro"),
    ("ToN", "{IEEE/ACM} Transactions on Networking"),
    ("Nat. Mach. Intell.", "Nature Machine Intelligence"),
)
AWARDS = (
    "Best Paper Award",
    "Distinguished Artifact Award",
    "Best Student Paper Runner-up",
    "Test of Time Award",
)
IMPACTS = (
    "Deployed in production for ranking models serving billions of users",
    "Adopted by three open-source training frameworks",
    "Basis of a widely used collective-communication library",
)

ADJECTIVES = (
    "Scalable", "Efficient", "Robust", "Adaptive", "Distributed", "Sparse", "Fast",
    "Private", "Learned", "Hierarchical", "Asynchronous", "Verifiable", "Elastic",
    "Communication-Efficient", "Fault-Tolerant", "Memory-Efficient", "Practical",
)  # fmt: skip
TOPICS = (
    "Training", "Inference", "Scheduling", "Compression", "Caching", "Aggregation",
    "Retrieval", "Attention", "Routing", "Replication", "Quantization", "Pipelining",
    "Checkpointing", "Sharding", "Offloading",
)  # fmt: skip
SUBJECTS = (
    "of Large Language Models", "for Mixture-of-Experts Models", "in Datacenter Networks",
    "with Programmable Switches", "on Heterogeneous Accelerators", "for Graph Neural Networks",
    "in Serverless Platforms", "under Tight Memory Budgets", "for Multi-Tenant Clusters",
    "for Deep Recommendation Models", "for Vision Transformers", "across Geo-Distributed Sites",
    "for Speech Recognition", "in Edge Devices", "for Autonomous Driving", "on Mobile Phones",
    "for Key-Value Stores", "in Disaggregated Memory", "for Video Analytics", "over Wide-Area Links",
    "for Federated Learning", "on Spot Instances", "for Protein Structure Prediction",
    "for Code Generation", "in Shared GPU Clusters", "for Retrieval-Augmented Generation",
)  # fmt: skip
PROTECTED = ("{GPT}", "{LLM}", "{RDMA}", "{FPGA}s", "{GPU}", "{BERT}", "{TPU}", "{CUDA}")
MATH = (r"$O(n^2)$", r"$k$-Way", r"$\ell_1$-Regularized", r"$\epsilon$-Private")
OPENERS = ("Towards", "Rethinking", "A Case for", "Beyond", "Revisiting", "Demystifying")
SUFFIXES = (
    "at Scale", "in Practice", "without Compromise", "via Dynamic Programming",
    "with Provable Guarantees", "using Reinforcement Learning", "in Under a Second",
)  # fmt: skip
SYSTEM_NAMES = tuple(
    first + second
    for first in ("Flex", "Hyper", "Turbo", "Deep", "Swift", "Omni", "Astra", "Nova", "Tera", "Zeta")
    for second in ("MoE", "Serve", "Shard", "Cache", "Pipe", "Flow", "Sched", "Store", "Mesh", "Train")
)  # fmt: skip

ABSTRACT_SENTENCES = (
    "Modern {topic} workloads are increasingly limited by {bottleneck} rather than raw compute",
    "We present {system}, a system that co-designs {topic} and {bottleneck} management",
    "Our key insight is that most of the {bottleneck} cost is predictable ahead of time",
    "{system} exploits this structure to overlap communication with computation",
    "We implement {system} on top of a widely used framework with fewer than two thousand lines of code",
    "Evaluated on clusters of up to {count} accelerators, it improves throughput by {speedup}x",
    "Compared with the state of the art, it reduces tail latency by {percent} percent",
    "We further show that the approach generalizes to {subject}",
    "A detailed analysis attributes the gains to better placement and fewer synchronization barriers",
    "The design requires no changes to model code and preserves convergence",
    "These results suggest that {topic} should be treated as a first-class scheduling problem",
    "We release our implementation and traces to support future research",
    "Existing systems either over-provision resources or sacrifice accuracy under contention",
    "We formalize the problem and show that an optimal plan can be found in polynomial time",
    "Our profiler collects lightweight traces with less than one percent overhead",
    "Ablation studies confirm that each component contributes to the end-to-end improvement",
    "In production, the system has run for months without manual tuning",
)
BOTTLENECKS = ("memory bandwidth", "network", "I/O", "synchronization", "load imbalance")


@dataclass
class Entry:
    """One generated entry: BibTeX fields in order, plus plain text for the Markdown list."""

    key: str
    entry_type: str
    authors: list[tuple[Name, Name]]  #: (last, first)
    title_text: str
    venue_text: str
    year: int
    fields: list[tuple[str, str]] = field(default_factory=list)  #: value already delimited

    def bibtex(self) -> str:
        """The entry as BibTeX text."""
        lines = [f"@{self.entry_type}{{{self.key},"]
        lines += [f"  {name} = {value}," for name, value in self.fields]
        lines.append("}")
        return "\n".join(lines) + "\n"


def _person(rng: random.Random) -> tuple[Name, Name]:
    return rng.choice(LAST_NAMES), rng.choice(FIRST_NAMES)


def _authors(rng: random.Random) -> list[tuple[Name, Name]]:
    count = rng.randint(3, 12)
    people: list[tuple[Name, Name]] = []
    while len(people) < count - 1:
        person = _person(rng)
        if person not in people:
            people.append(person)
    people.insert(rng.randrange(count), (Name(OWNER[0], OWNER[0]), Name(OWNER[1], OWNER[1])))
    return people


def _author_field(authors: list[tuple[Name, Name]], rng: random.Random) -> str:
    written = []
    for last, first in authors:
        if last.text == OWNER[0] and first.text == OWNER[1]:
            written.append(f"{last.latex}, {first.latex}")
        elif rng.random() < 0.02:  # "von Last, Jr., First" is rare but real
            written.append(f"{last.latex}, Jr., {first.latex}")
        else:
            written.append(f"{last.latex}, {first.latex}")
    return "{" + " and ".join(written) + "}"


def _title(rng: random.Random, seen: dict[str, list[str]]) -> str:
    """6-12 words, some with protected capitals or inline math; never near another title.

    *seen* holds the titles so far, folded, under their first and last 24 characters:
    bibfolio's duplicate-title check compares titles that share either, and a synthetic
    file must not trip it.
    """
    while True:
        words: list[str] = []
        if rng.random() < 0.3:
            words.append(rng.choice(SYSTEM_NAMES) + ":")
        elif rng.random() < 0.2:
            words += rng.choice(OPENERS).split()
        words += rng.sample(ADJECTIVES, rng.choice((1, 1, 2)))
        if rng.random() < 0.15:
            words.append(rng.choice(PROTECTED))
        elif rng.random() < 0.05:
            words.append(rng.choice(MATH))
        words.append(rng.choice(TOPICS))
        if rng.random() < 0.5:
            words += ["and", rng.choice(TOPICS)]
        words += rng.choice(SUBJECTS).split()
        if rng.random() < 0.3:
            words += rng.choice(SUFFIXES).split()
        title = " ".join(words)
        if not 6 <= len(words) <= 12:
            continue
        folded = " ".join(word.lower() for word in re.split(r"[^\w]+", _plain(title)) if word)
        blocks = (folded[:24], folded[-24:])
        matcher = difflib.SequenceMatcher(None, "", folded)
        if any(_near(matcher, other) for block in blocks for other in seen.get(block, ())):
            continue
        for block in blocks:
            seen.setdefault(block, []).append(folded)
        return title


def _near(matcher: difflib.SequenceMatcher[str], other: str) -> bool:
    """Whether *other* is close enough to the matcher's title to be flagged (margin: 0.85)."""
    matcher.set_seq1(other)
    return (
        matcher.real_quick_ratio() >= 0.85
        and matcher.quick_ratio() >= 0.85
        and matcher.ratio() >= 0.85
    )


def _abstract(rng: random.Random, title: str) -> str:
    """60-150 words of plausible prose."""
    target = rng.randint(60, 150)
    values = {
        "system": title.split(":", maxsplit=1)[0] if ":" in title else rng.choice(SYSTEM_NAMES),
        "topic": rng.choice(TOPICS).lower(),
        "bottleneck": rng.choice(BOTTLENECKS),
        "subject": rng.choice(SUBJECTS).split(" ", 1)[1].lower(),
        "count": str(rng.choice((64, 128, 256, 1024, 4096))),
        "speedup": f"{rng.uniform(1.2, 9.0):.1f}",
        "percent": str(rng.randint(12, 87)),
    }
    sentences: list[str] = []
    words: list[str] = []
    while len(words) < target:
        sentences = sentences or rng.sample(ABSTRACT_SENTENCES, len(ABSTRACT_SENTENCES))
        words += sentences.pop().format(**values).split()
        words[-1] += "."
    words = words[:target]
    words[-1] = words[-1].rstrip(".,") + "."
    return " ".join(words)


def _plain(latex: str) -> str:
    """Title text without BibTeX braces (math is kept as written)."""
    return latex.replace("{", "").replace("}", "")


def _slug_word(title: str) -> str:
    for word in re.findall(r"[A-Za-z]+", title):
        if word.lower() not in {"a", "the", "for", "of", "and", "towards", "case"}:
            return word.lower()
    return "paper"


def _entry(rng: random.Random, keys: set[str], titles: dict[str, list[str]]) -> Entry:
    kind = rng.choices(("inproceedings", "article", "misc"), weights=(55, 35, 10))[0]
    year = rng.randint(2015, 2026) if kind == "misc" else rng.randint(2000, 2026)
    authors = _authors(rng)
    title = _title(rng, titles)
    base = f"{authors[0][0].ascii or 'anon'}{year}{_slug_word(title)}"
    key, suffix = base, ord("a")
    while key in keys:
        key, suffix = f"{base}{chr(suffix)}", suffix + 1
    keys.add(key)

    fields: list[tuple[str, str]] = [("author", _author_field(authors, rng))]
    if rng.random() < 0.25:
        fields.append(("author+an", "{1=equal;2=equal}"))
    fields.append(("title", "{" + title + "}"))
    pubtype = eprint = ""
    if kind == "inproceedings":
        workshop = rng.random() < 0.1
        abbr, venue, publisher = rng.choice(WORKSHOPS if workshop else CONFERENCES)
        pubtype = "workshop" if workshop else ("conference" if rng.random() < 0.3 else "")
        fields.append(("booktitle", "{" + venue + "}"))
        if publisher:
            fields.append(("publisher", "{" + publisher + "}"))
    elif kind == "article":
        abbr, venue = rng.choice(JOURNALS)
        pubtype = "journal" if rng.random() < 0.3 else ""
        fields += [
            ("journal", "{" + venue + "}"),
            ("volume", "{" + str(rng.randint(1, 60)) + "}"),
            ("number", "{" + str(rng.randint(1, 12)) + "}"),
        ]
    else:
        eprint = f"{year % 100:02d}{rng.randint(1, 12):02d}.{rng.randint(1, 29999):05d}"
        abbr, venue = "arXiv", f"arXiv preprint arXiv:{eprint}"
        pubtype = "preprint" if rng.random() < 0.3 else ""
        fields += [
            ("eprint", "{" + eprint + "}"),
            ("archiveprefix", "{arXiv}"),
            ("primaryclass", "{" + rng.choice(("cs.LG", "cs.DC", "cs.CL", "cs.NI")) + "}"),
        ]
    fields.append(("year", "{" + str(year) + "}"))
    if rng.random() < 0.4:
        fields.append(("month", rng.choice(MONTHS)))
    if kind != "misc":
        first = rng.randint(1, 900)
        fields.append(("pages", f"{{{first}--{first + rng.randint(8, 24)}}}"))
        if rng.random() < 0.7:
            doi = f"10.{rng.choice((1145, 1109, 5555))}/{rng.randint(1000000, 9999999)}.{rng.randint(100, 999)}"
            fields.append(("doi", "{" + doi + "}"))
    if kind == "misc":
        fields.append(("url", f"{{https://arxiv.org/abs/{eprint}}}"))
    elif rng.random() < 0.5:
        forum = "".join(
            rng.choices("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", k=10)
        )
        fields.append(("url", f"{{https://openreview.net/forum?id={forum}}}"))
    if rng.random() < 0.7:
        fields.append(("abstract", "{" + _abstract(rng, title) + "}"))
    fields.append(("abbr", "{" + f"{abbr}'{year % 100:02d}" + "}"))
    if rng.random() < 0.05:
        fields.append(("selected", "{true}"))
    if rng.random() < 0.5:
        fields.append(("pdf", f"{{https://papers.example.org/{year}/{key}.pdf}}"))
    if rng.random() < 0.4:
        fields.append(("code", f"{{https://github.com/example-lab/{key}}}"))
    if rng.random() < 0.03:
        fields.append(("award", "{" + rng.choice(AWARDS) + "}"))
    if rng.random() < 0.03:
        fields.append(("impact", "{" + rng.choice(IMPACTS) + "}"))
    if pubtype:
        fields.append(("pubtype", "{" + pubtype + "}"))
    return Entry(key, kind, authors, _plain(title), _plain(venue), year, fields)


def generate_entries(n: int, seed: int = 42) -> list[Entry]:
    """*n* entries; the same arguments always give the same entries."""
    rng = random.Random(seed)
    keys: set[str] = set()
    titles: dict[str, list[str]] = {}
    return [_entry(rng, keys, titles) for _ in range(n)]


def bib_text(entries: list[Entry], seed: int) -> str:
    """The text of a .bib file holding *entries* (made with *seed*)."""
    header = (
        f"% Synthetic bibliography: {len(entries)} entries, seed {seed} "
        "(tests/bench/genbib.py).\n\n"
    )
    return header + "\n".join(entry.bibtex() for entry in entries)


def generate(n: int, seed: int = 42) -> str:
    """*n* entries as the text of a .bib file."""
    return bib_text(generate_entries(n, seed), seed)


def _escape_markdown(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>#|$])", r"\\\1", text)


def markdown_list(entries: list[Entry]) -> str:
    """The entries as one Markdown bullet each: authors (owner in bold), *venue*, year, title."""
    lines = []
    for entry in entries:
        people = []
        for last, first in entry.authors:
            name = _escape_markdown(f"{first.text} {last.text}")
            people.append(f"**{name}**" if (last.text, first.text) == OWNER else name)
        lines.append(
            f"- {', '.join(people)}. {_escape_markdown(entry.title_text)}. "
            f"*{_escape_markdown(entry.venue_text)}*, {entry.year}."
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Command line: ``python -m tests.bench.genbib N out.bib [--seed S]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="number of entries")
    parser.add_argument("out", type=Path, help="the .bib file to write")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    args.out.write_text(generate(args.n, args.seed), encoding="utf-8")


if __name__ == "__main__":
    main()
