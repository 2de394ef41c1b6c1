"""Words printed on the score sheets, in Swedish, Norwegian and English.

Everything a sheet prints goes through the catalogue (:func:`cardlab.i18n.tr`),
so a sheet in ``nb`` says *stikk* and *melding* where ``sv`` says *stick* and *bud*.
The words themselves are data, in ``cardlab/messages/pdf/texts.toml``.

>>> from cardlab.i18n import tr
>>> tr("pdf.row.sum", "sv"), tr("pdf.row.sum", "nb"), tr("pdf.row.sum", "en")
('Summa', 'Sum', 'Total')
"""

from __future__ import annotations

