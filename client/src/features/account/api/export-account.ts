import { apiCall } from '@/lib/api';

const FALLBACK_NAME = 'redflag-export.json';

/** The file name the server chose in Content-Disposition (attachment; filename="..."). */
export function exportFileName(contentDisposition: string | null): string {
  const match = contentDisposition ? /filename="?([^";]+)"?/i.exec(contentDisposition) : null;
  return match?.[1] ?? FALLBACK_NAME;
}

/**
 * GET /api/account/export (docs/design.md §3.5): everything stored about the person, as a JSON file
 * saved by the browser at once. Not a query: it is a one-off download, never cached.
 */
export async function downloadAccountExport(): Promise<string> {
  const { data, headers } = await apiCall('exportAccount');
  const name = exportFileName(headers['content-disposition']);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download manager; let it finish before releasing it.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
