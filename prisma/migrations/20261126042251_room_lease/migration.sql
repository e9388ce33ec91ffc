-- CreateTable
CREATE TABLE "RoomLease" (
    "roomId" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "settled" TEXT,

    CONSTRAINT "RoomLease_pkey" PRIMARY KEY ("roomId")
);

-- CreateIndex
CREATE INDEX "RoomLease_owner_idx" ON "RoomLease"("owner");

-- CreateIndex
CREATE INDEX "Match_finishedAt_idx" ON "Match"("finishedAt");
