/* Test harness only: holds FILE open as a PDF viewer does (others may read
 * it, but not write, rename or delete it) until READY-FILE is removed or
 * SECONDS pass; writes READY-FILE once the file is held.
 * Usage: hold-open FILE READY-FILE SECONDS */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    HANDLE held = CreateFileA(argv[1], GENERIC_READ, FILE_SHARE_READ, NULL,
                              OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (held == INVALID_HANDLE_VALUE) {
        fprintf(stderr, "hold-open: cannot open %s (%lu)\n", argv[1], GetLastError());
        return 1;
    }
    FILE *ready = fopen(argv[2], "w");
    if (ready)
        fclose(ready);
    for (int i = 0; i < atoi(argv[3]) * 10; i++) {
        if (GetFileAttributesA(argv[2]) == INVALID_FILE_ATTRIBUTES)
            break;
        Sleep(100);
    }
    CloseHandle(held);
    return 0;
}
