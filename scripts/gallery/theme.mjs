// The gallery's [light, dark] styles pair: the default theme, and a dark palette a host might use.
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40">' +
  '<rect width="100" height="40" rx="8" fill="#0B6E99"/>' +
  '<text x="50" y="27" font-family="Arial" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">ACME</text></svg>';
const logo = { logoImageUrl: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}` };

export const LIGHT = { logo };

export const DARK = {
  logo,
  colors: {
    primary: '#E6EDF1',
    secondary: '#9FB3BE',
    success: '#6FD3A6',
    warning: '#5C4A00',
    error: '#FF8A80',
    accent: '#1B2F3B',
  },
  container: { backgroundColor: '#10202A', borderColor: '#3A4F5B' },
  buttons: {
    primary: { backgroundColor: '#7FD4FF', textColor: '#10202A', borderColor: '#7FD4FF' },
    secondary: { backgroundColor: '#10202A', textColor: '#E6EDF1', borderColor: '#9FB3BE' },
    disabled: { backgroundColor: '#22343F', textColor: '#9FB3BE', borderColor: '#22343F' },
  },
  inputs: {
    backgroundColor: '#0B1820',
    textColor: '#E6EDF1',
    placeholderColor: '#9FB3BE',
    borderColor: '#9FB3BE',
  },
};

export const STYLES = [LIGHT, DARK];
