"""PDF/X for print shops: every colour as CMYK ink, the output intent and the PDF/X keys.

reportlab writes the cards in DeviceRGB and knows nothing of PDF/X; pikepdf (qpdf) rewrites the
finished file: each colour operator becomes its ink from the layout (`cards.inks`), the unused
standard font reportlab declares on every page goes, and the catalogue gets the output intent
with the shipped FOGRA39 profile, the Info keys and the XMP packet PDF/X-4 and PDF/X-1a:2003
ask for. The text is left as reportlab wrote it, so it stays extractable with its Czech letters.
"""

from __future__ import annotations

import hashlib
import io
import re
import uuid

from cards.inks import (
    OUTPUT_CONDITION,
    OUTPUT_CONDITION_INFO,
    REGISTRY,
    Inks,
    profile_bytes,
)

PDFX_STANDARDS = ("PDF/X-4", "PDF/X-1a:2003")
# what each standard writes: the Info dictionary's keys, its PDF version
_INFO = {
    "PDF/X-4": ({"/GTS_PDFXVersion": "PDF/X-4"}, "1.6"),
    "PDF/X-1a:2003": (
        {"/GTS_PDFXVersion": "PDF/X-1:2003", "/GTS_PDFXConformance": "PDF/X-1a:2003"},
        "1.4",
    ),
}


def make_pdfx(data: bytes, inks: Inks, standard: str = "PDF/X-4") -> bytes:
    """Return a reportlab PDF as a PDF/X file of `standard`, its colours as the inks given.

    The same input gives the same bytes (the file identifier is a digest of the content).
    """
    import pikepdf

    if standard not in _INFO:
        raise ValueError(f"unknown PDF/X standard {standard!r}; one of {PDFX_STANDARDS}")
    keys, version = _INFO[standard]
    pdf = pikepdf.open(io.BytesIO(data))
    pages = [(page, _content(page)) for page in pdf.pages]
    bare = {  # fonts not embedded: reportlab's /F1 Helvetica, set on every page, never shown
        name
        for page, _ in pages
        for name, font in page.Resources.get("/Font", {}).items()
        if "/FontDescriptor" not in font and font.get("/Subtype") == "/Type1"
    }
    unused = {name for name in bare if _never_shown(name, [text for _, text in pages])}
    convert = _Converter(inks)
    for page, text in pages:
        fonts = page.Resources.get("/Font")
        for name in unused & set(fonts.keys() if fonts is not None else ()):
            del fonts[name]
        for name in unused:
            text = _set_only(name).sub(rb"BT\n\1ET", text)
        page.obj.Contents = pdf.make_stream(convert.rewrite(text))
    profile = pdf.make_stream(profile_bytes())
    profile.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=OUTPUT_CONDITION,
        OutputCondition=OUTPUT_CONDITION_INFO,
        RegistryName=REGISTRY,
        Info=OUTPUT_CONDITION_INFO,
        DestOutputProfile=profile,
    )
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
    info = pdf.docinfo
    for key, value in keys.items():
        info[key] = value
    info.Trapped = pikepdf.Name("/False")
    digest = hashlib.sha256(data).digest()
    metadata = pdf.make_stream(_xmp(info, keys["/GTS_PDFXVersion"], standard, digest).encode())
    metadata.Type = pikepdf.Name.Metadata
    metadata.Subtype = pikepdf.Name.XML
    pdf.Root.Metadata = metadata
    out = io.BytesIO()
    pdf.save(
        out,
        deterministic_id=True,
        force_version=version,
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
        compress_streams=True,
    )
    return out.getvalue()


def _content(page) -> bytes:
    """Return a page's content as one stream of bytes (its parts joined)."""
    contents = page.obj.Contents
    if isinstance(contents, pikepdf_array()):
        return b"\n".join(part.read_bytes() for part in contents)
    return contents.read_bytes()


def pikepdf_array():
    import pikepdf

    return pikepdf.Array


def _set_only(name: str) -> re.Pattern:
    """A text object that only sets font `name` (and the leading) and shows nothing."""
    font = re.escape(name.encode())
    return re.compile(rb"BT\s+" + font + rb"\s+[-\d.]+\s+Tf\s+((?:[-\d.]+\s+TL\s+)?)ET")


def _never_shown(name: str, texts: list[bytes]) -> bool:
    """Tell whether a font is set only in text objects that show nothing (reportlab's /F1)."""
    setting = re.compile(re.escape(name.encode()) + rb"\s+[-\d.]+\s+Tf")
    empty = _set_only(name)
    return all(len(setting.findall(text)) == len(empty.findall(text)) for text in texts)


# A string literal (reportlab escapes its parentheses), or a colour operator with its operands
# (one alternative for all four: the regular expression then runs three times as fast).
_TOKENS = re.compile(
    rb"\((?:[^\\)]|\\.)*\)|(?<![\w.])((?:-?[\d.]+ ){1,3})(rg|RG|g|G)(?![\w])", re.DOTALL
)


class _Converter:
    """Rewrite the colour operators of content streams as CMYK ink (one per document)."""

    def __init__(self, inks: Inks) -> None:
        self.inks = inks
        self.done: dict[bytes, bytes] = {}

    def rewrite(self, text: bytes) -> bytes:
        """Return the content with every rg/RG/g/G as k/K of its ink; strings left alone."""
        return _TOKENS.sub(self._replace, text)

    def _replace(self, match: re.Match) -> bytes:
        whole = match.group(0)
        if whole.startswith(b"("):
            return whole
        found = self.done.get(whole)
        if found is None:
            numbers = match.group(1).split()
            operator = match.group(2).decode()
            wanted = 3 if operator in ("rg", "RG") else 1
            if len(numbers) < wanted:
                return whole  # (not a colour: no valid stream has it)
            kept = b"".join(n + b" " for n in numbers[:-wanted])
            values = [float(v) for v in numbers[-wanted:]] * (3 // wanted)
            colour = "#" + "".join(f"{round(v * 255):02x}" for v in values)
            ink = " ".join(_number(v) for v in self.inks.ink(colour))
            found = kept + f"{ink} {'K' if operator.isupper() else 'k'}".encode()
            self.done[whole] = found
        return found


def _number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def _xmp(info, version: str, standard: str, digest: bytes) -> str:
    """Return the XMP packet PDF/X-4 requires (PDF/X-1a takes it too), from the Info keys."""
    from xml.sax.saxutils import escape

    def text(key: str) -> str:
        return escape(str(info.get(key, "")))

    def date(key: str) -> str:
        raw = str(info.get(key, "D:20000101000000+00'00'"))[2:]
        return f"{raw[0:4]}-{raw[4:6]}-{raw[6:8]}T{raw[8:10]}:{raw[10:12]}:{raw[12:14]}+00:00"

    document = uuid.UUID(bytes=digest[:16], version=4)
    conformance = (
        f"<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>"
        if standard == "PDF/X-4"
        else f"<pdfx:GTS_PDFXVersion>{version}</pdfx:GTS_PDFXVersion>"
        f"<pdfx:GTS_PDFXConformance>{standard}</pdfx:GTS_PDFXConformance>"
    )
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about=""'
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
        ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"'
        ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"'
        ' xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"'
        ' xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/"'
        ' xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">'
        f"<dc:format>application/pdf</dc:format>"
        f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{text("/Title")}</rdf:li>'
        "</rdf:Alt></dc:title>"
        f"<dc:creator><rdf:Seq><rdf:li>{text('/Author')}</rdf:li></rdf:Seq></dc:creator>"
        f"<xmp:CreatorTool>{text('/Creator')}</xmp:CreatorTool>"
        f"<xmp:CreateDate>{date('/CreationDate')}</xmp:CreateDate>"
        f"<xmp:ModifyDate>{date('/ModDate')}</xmp:ModifyDate>"
        f"<xmp:MetadataDate>{date('/ModDate')}</xmp:MetadataDate>"
        f"<pdf:Producer>{text('/Producer')}</pdf:Producer>"
        "<pdf:Trapped>False</pdf:Trapped>"
        f"<xmpMM:DocumentID>uuid:{document}</xmpMM:DocumentID>"
        f"<xmpMM:InstanceID>uuid:{document}</xmpMM:InstanceID>"
        "<xmpMM:RenditionClass>default</xmpMM:RenditionClass>"
        "<xmpMM:VersionID>1</xmpMM:VersionID>"
        f"{conformance}"
        "</rdf:Description></rdf:RDF></x:xmpmeta>"
        '<?xpacket end="w"?>'
    )
