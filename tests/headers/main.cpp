// Links the two generated translation units that include every public header in different orders.
int trncost_headers_ascending();
int trncost_headers_descending();

int main() { return trncost_headers_ascending() + trncost_headers_descending() == 3 ? 0 : 1; }
