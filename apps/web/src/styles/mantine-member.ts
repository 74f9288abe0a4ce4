// What the member's first screen (the shell and the home) renders beyond the entry's (app/member-first-screen.ts).
// The lists are checked against what the modules import (apps/web/build/mantine-styles.test.ts).
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
