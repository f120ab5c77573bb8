import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AgreementDocument } from '@trellis/domain/partners/agreement';
import { errorMessage } from '../../../../api/errors.ts';
import { DocumentFrame } from '../../../../components/markdown/DocumentFrame.tsx';
import { fetchDocument } from './fetchDocument.ts';

/** `/agreements/{id}/versions/{version}/document`: where one version's document is read. */
export const documentPath = (agreementId: string, version: number) =>
  `/agreements/${agreementId}/versions/${version}/document`;

/** One version's document shown in the page: the rendered text, the uploaded PDF, or the link it points to. */
export function DocumentView({
  agreementId,
  version,
  document,
  title,
}: {
  agreementId: string;
  version: number;
  document: AgreementDocument;
  title: string;
}) {
  const path = documentPath(agreementId, version);
  const stored = document.format !== 'link';
  const query = useQuery({
    queryKey: ['get', path],
    queryFn: ({ signal }) => fetchDocument(path, signal),
    enabled: stored,
  });
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const blob = query.data?.kind === 'pdf' ? query.data.blob : null;
  useEffect(() => {
    if (!blob) return setPdfUrl(null);
    const url = URL.createObjectURL(blob);
    setPdfUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  if (document.format === 'link') {
    return (
      <Box sx={{ py: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          This document is kept at another address.
        </Typography>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>{document.link}</Typography>
        <Button
          variant="outlined"
          endIcon={<OpenInNewIcon />}
          href={document.link ?? ''}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open document
        </Button>
      </Box>
    );
  }
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={240} />;
  if (query.data.kind === 'html') return <DocumentFrame html={query.data.html} title={title} />;
  const fileName = document.file_name || `${title}.pdf`;
  return (
    <Box>
      {pdfUrl && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Button size="small" variant="outlined" endIcon={<OpenInNewIcon />} href={pdfUrl} target="_blank">
            Open PDF
          </Button>
          <Button size="small" startIcon={<DownloadIcon />} href={pdfUrl} download={fileName}>
            Download {fileName}
          </Button>
        </Box>
      )}
      {pdfUrl && (
        <Box
          component="iframe"
          title={title}
          src={pdfUrl}
          sx={{ display: 'block', width: '100%', height: { xs: 480, md: 720 }, border: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}
