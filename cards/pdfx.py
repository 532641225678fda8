"""PDF/X for print shops: the output intent and the PDF/X keys on a PDF drawn in CMYK ink.

reportlab draws the cards in CMYK ink (`cards.paint.pdf.render_pdf` with `cards.inks`) but knows
nothing of PDF/X; pikepdf (qpdf) finishes the file: the standard font reportlab declares on
every page and never shows is pointed at an embedded one, and the catalogue gets the output
intent with the shipped FOGRA39 profile, the Info keys and the XMP packet PDF/X-4 and
PDF/X-1a:2003 ask for. No content stream is rewritten: the text stays as reportlab wrote it,
extractable with its Czech letters.
"""

from __future__ import annotations

import hashlib
import io
import re
import uuid

from cards.inks import OUTPUT_CONDITION, OUTPUT_CONDITION_INFO, REGISTRY, profile_bytes

PDFX_STANDARDS = ("PDF/X-4", "PDF/X-1a:2003")
# what each standard writes: the Info dictionary's keys, its PDF version
_INFO = {
    "PDF/X-4": ({"/GTS_PDFXVersion": "PDF/X-4"}, "1.6"),
    "PDF/X-1a:2003": (
        {"/GTS_PDFXVersion": "PDF/X-1:2003", "/GTS_PDFXConformance": "PDF/X-1a:2003"},
        "1.4",
    ),
}


def make_pdfx(data: bytes, standard: str = "PDF/X-4") -> bytes:
    """Return a reportlab PDF drawn in CMYK ink as a PDF/X file of `standard`.

    The colours must be ink already (`cards.paint.pdf.render_pdf`'s `inks`). The same input gives
    the same bytes (the file identifier is a digest of the content).
    """
    import pikepdf

    if standard not in _INFO:
        raise ValueError(f"unknown PDF/X standard {standard!r}; one of {PDFX_STANDARDS}")
    keys, version = _INFO[standard]
    pdf = pikepdf.open(io.BytesIO(data))
    sharing: dict = {}  # a font dictionary (shared by reportlab's pages) -> its pages
    for number, page in enumerate(pdf.pages):
        fonts = page.Resources.get("/Font")
        if fonts is not None:
            key = fonts.objgen if fonts.is_indirect else ("page", number)
            sharing.setdefault(key, (fonts, []))[1].append(page)
    for fonts, pages in sharing.values():
        _embed_bare_fonts(fonts, pages)
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


def _embed_bare_fonts(fonts, pages) -> None:
    """Point reportlab's /F1 Helvetica (not embedded) at an embedded font of the pages.

    reportlab opens every page with "BT /F1 12 Tf 14.4 TL ET" and never shows text in /F1;
    naming an embedded font there instead leaves no font unembedded and rewrites no content.
    A font that does show text is left alone (and preflight reports it).
    """
    embedded = [
        font for _, font in fonts.items() if "/FontDescriptor" in font or "/DescendantFonts" in font
    ]
    for name, font in list(fonts.items()):
        bare = font.get("/Subtype") == "/Type1" and "/FontDescriptor" not in font
        if bare and embedded and all(_only_set(name, page) for page in pages):
            fonts[name] = embedded[0]


def _only_set(name: str, page) -> bool:
    """Tell whether a page sets font `name` only in text objects that show nothing."""
    import pikepdf

    contents = page.obj.get("/Contents")
    if contents is None:
        return True
    parts = contents if isinstance(contents, pikepdf.Array) else [contents]
    text = b"\n".join(part.read_bytes() for part in parts)
    font = re.escape(name.encode())
    setting = re.compile(font + rb"\s+[-\d.]+\s+Tf")
    empty = re.compile(rb"BT\s+" + font + rb"\s+[-\d.]+\s+Tf\s+(?:[-\d.]+\s+TL\s+)?ET")
    return len(setting.findall(text)) == len(empty.findall(text))


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
