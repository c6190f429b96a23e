// Where the shop's own images are served from (web/public/art, plus the QR image the build draws).
export const logoImage = '/art/logo.svg';
export const instagramQrImage = '/art/instagram-qr.svg';
