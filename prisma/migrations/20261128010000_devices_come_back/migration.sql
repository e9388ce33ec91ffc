-- Devices that come back (docs/architecture.md, Identity): a device can be renamed, knows when it joined
-- its player (the one-day rule of removal) and whether it was removed, a link code and a passkey name
-- the device that made them, so removing it kills them, a passkey keeps the user handle it was made
-- with, and wrong link codes are counted per address. Written by scripts/migration-diff.mjs, then edited:
-- devices joined when they were made, and live link codes (ten minutes at most) name no device and go.

-- AlterTable
ALTER TABLE "Device" ADD COLUMN     "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "nickname" TEXT,
ADD COLUMN     "removedAt" TIMESTAMP(3),
ADD COLUMN     "removedBy" TEXT;

UPDATE "Device" SET "joinedAt" = "createdAt";

DELETE FROM "LinkCode";

-- AlterTable
ALTER TABLE "LinkCode" ADD COLUMN     "deviceId" TEXT NOT NULL;

-- AlterTable
ALTER TABLE "Passkey" ADD COLUMN     "deviceId" TEXT,
ADD COLUMN     "userHandle" TEXT;

-- AlterTable
ALTER TABLE "PasskeyChallenge" ADD COLUMN     "userHandle" TEXT;

-- CreateTable
CREATE TABLE "LinkMiss" (
    "addressHash" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LinkMiss_pkey" PRIMARY KEY ("addressHash","hour")
);

-- CreateIndex
CREATE INDEX "LinkMiss_hour_idx" ON "LinkMiss"("hour");

-- CreateIndex
CREATE INDEX "LinkCode_deviceId_idx" ON "LinkCode"("deviceId");

-- CreateIndex
CREATE INDEX "Passkey_deviceId_idx" ON "Passkey"("deviceId");

-- AddForeignKey
ALTER TABLE "LinkCode" ADD CONSTRAINT "LinkCode_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "Device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Passkey" ADD CONSTRAINT "Passkey_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "Device"("id") ON DELETE SET NULL ON UPDATE CASCADE;
