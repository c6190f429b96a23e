// Sends one image file to the shop's image store (POST /api/admin/images, the file's own bytes with its type) and
// answers with its reference ("media:<sha256>"), which a product's cover or page then names.
import { catalogApi } from '#contracts/catalog/api.ts';
import type { UploadImageResponse } from '#contracts/catalog/images.ts';
import { adminToken, ApiError, urlFor } from '../../../lib/api.ts';

export async function uploadImage(file: File): Promise<UploadImageResponse['image']> {
  const headers: Record<string, string> = { 'Content-Type': file.type || 'application/octet-stream' };
  const token = adminToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(urlFor(catalogApi.uploadImage), {
    method: 'POST',
    headers,
    body: file,
    credentials: 'include',
  });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return ((await res.json()) as UploadImageResponse).image;
}
