// The one sentence a shopper whose parcel leaves the UK reads before paying and in their confirmation e-mail (decision
// 097): the shop's prices carry no import charges of the destination, which its customs may ask of the recipient.
export const importDutiesNotice =
  'Import taxes and duties may be charged by the destination country when your parcel is delivered; they are not part of the price you pay us.';
