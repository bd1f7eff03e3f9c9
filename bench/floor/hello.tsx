// Floor for the TUI's first frame and peak memory: the smallest Ink app, bundled like dms.
import React from 'react';
import { Box, Text, render } from 'ink';

function Hello() {
  return (
    <Box borderStyle="round" paddingX={1}>
      <Text>Hello from Ink</Text>
    </Box>
  );
}

render(<Hello />);
