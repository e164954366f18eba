import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { FilePickerDialog } from './file-picker.js';

// The picker's first frame (before its list loads), as other screens will open it.
it('opens as a named dialog with search, upload and the loading state', () => {
  const html = renderToString(<FilePickerDialog open onClose={() => undefined} onPick={() => undefined} />);
  expect(html).toContain('Choose an image');
  expect(html).toContain('Search files');
  expect(html).toContain('>Upload</button>');
  expect(html).toContain('data-state="loading"');
  expect(renderToString(<FilePickerDialog open={false} onClose={() => undefined} onPick={() => undefined} />)).not.toContain('Search files');
  expect(renderToString(<FilePickerDialog open kind="file" onClose={() => undefined} onPick={() => undefined} />)).toContain('Choose a file');
});
