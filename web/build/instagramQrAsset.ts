// Build-time Vite plugin: draws the Instagram QR image from the link in the content file, so the page never
// fetches one from elsewhere and the image follows the link when it changes.
import QRCode from 'qrcode';
import type { Plugin } from 'vite';
import { shopContent } from '../../contracts/catalog/content.ts';
import { instagramQrImage } from '../src/features/catalog/shop/art.ts';

function drawQr(): Promise<string> {
  return QRCode.toString(shopContent.shop.instagramUrl, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#3a2a22', light: '#fffdf8' },
  });
}

export function instagramQrAsset(): Plugin {
  return {
    name: 'shop-instagram-qr',
    configureServer(server) {
      server.middlewares.use(instagramQrImage, (_req, res, next) => {
        drawQr().then((svg) => {
          res.setHeader('Content-Type', 'image/svg+xml');
          res.end(svg);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: instagramQrImage.slice(1), source: await drawQr() });
    },
  };
}
