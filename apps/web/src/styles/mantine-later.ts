// Every other component's stylesheet, for every later screen and overlay (styles/load-later.ts).
// The lists are checked against what the modules import (apps/web/build/mantine-styles.test.ts).
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PinInput.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Typography.layer.css';
